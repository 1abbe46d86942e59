"""The examples run: the decoding loop with its sampler swapped (on the
host), whose requests decode the same tokens alone as in their batch."""
import importlib.util
import pathlib

EXAMPLES = pathlib.Path(__file__).resolve().parent.parent / "examples"


def load(name):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_decoding_loop_decodes_a_request_alone_as_in_its_batch(torch, capsys):
    batch_tokens, alone = load("decoding_loop").main(["--batch", "5", "--vocab", "700", "--width", "8",
                                                      "--steps", "6"])
    assert tuple(batch_tokens.shape) == (5, 6) and bool(((batch_tokens >= 0) & (batch_tokens < 700)).all())
    assert torch.equal(alone[0], batch_tokens[0])
    assert "request 0 decoded alone gives its tokens in the batch: True" in capsys.readouterr().out
