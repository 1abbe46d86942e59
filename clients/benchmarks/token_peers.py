"""Token sampling as rocdist's peers do it, for host_peers.py and gpu_peers.py.

Every row gets the bench's parameters (bench_tokens.cpp): temperature 0.8,
top-k 50, top-p 0.9, from bfloat16 logits, standard deviation 3.

- PyTorch: the sort-based sampler as vLLM writes it (apply_top_k_top_p):
  logits in float divided by the temperature, sorted ascending, the
  values below the k-th largest masked, softmax and cumsum of the sorted
  values, those whose cumulative probability stays at or below 1 - top_p
  masked (the largest always kept), scattered back, softmax, then
  torch.multinomial(probs, 1).
- JAX: lax.top_k of the scaled logits, the top-p cut over those k by the
  cumulative softmax, jax.random.categorical over what is left.
"""
TEMPERATURE, TOP_K, TOP_P = 0.8, 50, 0.9
# rows, vocab: the bench's host cases, and its GPU cases.
HOST_CASES = tuple((rows, vocab) for rows in (1, 16, 64) for vocab in (32000, 151936))
GPU_CASES = tuple((rows, vocab) for rows in (1, 16, 64, 256) for vocab in (32000, 128256, 151936))


def case_name(rows, vocab):
    return f"tokens/bfloat16/rows={rows},vocab={vocab}"


def torch_logits(torch, rows, vocab, device):
    generator = torch.Generator(device=device).manual_seed(12345)
    logits = torch.randn(rows, vocab, device=device, generator=generator) * 3.0
    return logits.to(torch.bfloat16)


def torch_sampler(torch, logits, generator):
    """A call that samples one token per row, vLLM's way."""

    def sample():
        scaled = logits.float() / TEMPERATURE
        ordered, index = scaled.sort(dim=-1, descending=False)
        kth = ordered.gather(1, torch.full((ordered.size(0), 1), ordered.size(1) - TOP_K, device=ordered.device))
        ordered.masked_fill_(ordered < kth, float("-inf"))
        cumulative = ordered.softmax(dim=-1).cumsum(dim=-1)
        cut = cumulative <= 1 - TOP_P
        cut[:, -1] = False
        ordered.masked_fill_(cut, float("-inf"))
        kept = torch.empty_like(ordered).scatter_(dim=-1, index=index, src=ordered)
        return torch.multinomial(kept.softmax(dim=-1), 1, generator=generator)

    return sample


def jax_sampler(jax, logits):
    """f(key): one token per row, by lax.top_k and categorical."""
    jnp = jax.numpy

    def sample(key):
        values, index = jax.lax.top_k(logits.astype(jnp.float32) / TEMPERATURE, TOP_K)
        probabilities = jax.nn.softmax(values, axis=-1)
        before = jnp.cumsum(probabilities, axis=-1) - probabilities
        values = jnp.where(before >= TOP_P, -jnp.inf, values)
        choice = jax.random.categorical(key, values, axis=-1)
        return jnp.take_along_axis(index, choice[:, None], axis=-1)

    return sample
