"""A PyTorch decoding loop with its sampler swapped: the sort-based sampler
serving engines write (temperature, top-k and top-p by a sort, softmax,
torch.multinomial) replaced by rocdist.Generator.sample_tokens, which
sorts nothing and draws each request's token from its own (seed,
position) stream, so that a request decodes the same tokens whatever else
is in its batch.

The model is a toy (the next token's logits from the last token, in
bfloat16): the loop, not the model, is the point. The example prints the
time of a step with each sampler, and of each sampler alone on one step's
logits.

usage: ROCDIST_LIBRARY=build/library/librocdist.so.0 PYTHONPATH=python \\
       python3 python/examples/decoding_loop.py [--device cuda] [--batch 16] [--vocab 32000] [--steps 64]
"""
import argparse
import time

import torch

import rocdist


class ToyModel(torch.nn.Module):
    def __init__(self, vocab, width, device):
        super().__init__()
        torch.manual_seed(0)
        self.embed = torch.nn.Embedding(vocab, width)
        self.project = torch.nn.Linear(width, vocab, bias=False)
        self.to(device)

    @torch.no_grad()
    def forward(self, tokens):
        return self.project(self.embed(tokens)).to(torch.bfloat16)  # bfloat16 logits, as served models give


def sort_sampler(logits, temperature, top_k, top_p, generator):
    """The sampler being replaced: per-row temperature, top-k and top-p
    through a descending sort of each row, then torch.multinomial."""
    logits = logits.float() / temperature[:, None]
    ordered, order = logits.sort(dim=-1, descending=True)
    ranks = torch.arange(logits.shape[-1], device=logits.device)
    ordered = ordered.masked_fill(ranks >= top_k[:, None], -float("inf"))
    probabilities = ordered.softmax(dim=-1)
    # Keep the most probable tokens whose mass before them is below top_p.
    probabilities = probabilities.masked_fill(probabilities.cumsum(dim=-1) - probabilities >= top_p[:, None], 0)
    choice = torch.multinomial(probabilities, 1, generator=generator)
    return order.gather(-1, choice).squeeze(-1)


def decode(model, prompt, steps, sampler):
    """steps tokens after each request's prompt token; sampler(logits, step)."""
    tokens, generated = prompt, []
    for step in range(steps):
        tokens = sampler(model(tokens), step).long()
        generated.append(tokens)
    return torch.stack(generated, dim=1)


def timed(device, function):
    if device.type == "cuda":
        torch.cuda.synchronize(device)
    start = time.perf_counter()
    result = function()
    if device.type == "cuda":
        torch.cuda.synchronize(device)
    return result, time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--device", default="cpu", help="cpu, or cuda (a GPU, through rocdist's GPU backend)")
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--vocab", type=int, default=32000)
    parser.add_argument("--width", type=int, default=64)
    parser.add_argument("--steps", type=int, default=64)
    args = parser.parse_args(argv)
    device = torch.device(args.device)
    model = ToyModel(args.vocab, args.width, device)
    prompt = torch.arange(args.batch, device=device) * 7 % args.vocab
    # Each request's sampling parameters and seed, as a serving engine holds them.
    temperature = [0.7 + 0.1 * (r % 4) for r in range(args.batch)]
    top_k = [50 if r % 2 else 0 for r in range(args.batch)]
    top_p = [0.9] * args.batch
    seeds = [1000 + r for r in range(args.batch)]

    generator = torch.Generator(device=device).manual_seed(0)
    no_limit = [k or args.vocab for k in top_k]  # top_k 0 is no limit
    as_tensors = [torch.tensor(v, device=device) for v in (temperature, no_limit, top_p)]
    _, sort_seconds = timed(device, lambda: decode(
        model, prompt, args.steps, lambda logits, step: sort_sampler(logits, *as_tensors, generator)))

    tokens_generator = rocdist.Generator(device="gpu" if device.type == "cuda" else "cpu")

    def rocdist_sampler(rows):
        # A request's position in its stream is its generated-token count.
        return lambda logits, step: tokens_generator.sample_tokens(
            logits, temperature=[temperature[r] for r in rows], top_k=[top_k[r] for r in rows],
            top_p=[top_p[r] for r in rows], seeds=[seeds[r] for r in rows], positions=[step] * len(rows))

    everyone = list(range(args.batch))
    batch_tokens, rocdist_seconds = timed(device, lambda: decode(model, prompt, args.steps,
                                                                 rocdist_sampler(everyone)))
    tokens_generator.check_deferred()
    # Request 0 decoded alone: the same tokens as in the batch.
    alone = decode(model, prompt[:1], args.steps, rocdist_sampler([0]))

    logits = model(prompt)
    _, sort_alone = timed(device, lambda: [sort_sampler(logits, *as_tensors, generator) for _ in range(args.steps)])
    sampler = rocdist_sampler(everyone)
    _, rocdist_alone = timed(device, lambda: [sampler(logits, step) for step in range(args.steps)])

    print(f"{args.batch} requests, vocab {args.vocab}, {args.steps} steps on {device}; ms a step:")
    print("  sampler             step   sampler alone")
    for name, step, alone_seconds in (("sort-based", sort_seconds, sort_alone), ("rocdist", rocdist_seconds,
                                                                                 rocdist_alone)):
        print(f"  {name:<12} {step / args.steps * 1e3:11.3f} {alone_seconds / args.steps * 1e3:15.3f}")
    print(f"  request 0 decoded alone gives its tokens in the batch: {torch.equal(alone[0], batch_tokens[0])}")
    return batch_tokens, alone


if __name__ == "__main__":
    main()
