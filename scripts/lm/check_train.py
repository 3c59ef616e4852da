#!/usr/bin/env python3
"""Checks of train.py that need PyTorch (run by hand where python3-torch is installed; CI has no torch):

    /usr/bin/python3 scripts/lm/check_train.py

- TiedCrossEntropy gives F.cross_entropy's loss and gradients on logits = x @ w.T, also for a target whose
  probability underflows float32;
- a quick run, its weights saved with --save-weights, and a run started from them with --init-from on a fresh --out
  (what a new machine does) continues at the same step with the probe log carried over, warming up again;
- a decay branch writes branch.pt and leaves checkpoint.pt as it was.
"""
import json
import os
import sys
import tempfile

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.dont_write_bytecode = True
import train  # noqa: E402


def check_cross_entropy() -> None:
    torch.manual_seed(0)
    x = torch.randn(50, 16, requires_grad=True)
    w = torch.randn(300, 16, requires_grad=True)
    target = torch.randint(0, 300, (50,))
    with torch.no_grad():
        w[target[0]] -= 40 * x[0] / x[0].norm()  # one target far below the rest: exp underflows, its loss must not be inf
    expected = F.cross_entropy(x @ w.T, target)
    gx, gw = torch.autograd.grad(expected, [x, w])
    got = train.TiedCrossEntropy.apply(x, w, target)
    hx, hw = torch.autograd.grad(got, [x, w])
    assert torch.isfinite(got), got
    assert abs(got.item() - expected.item()) < 1e-4, (got.item(), expected.item())
    assert (gx - hx).abs().max() < 1e-5 and (gw - hw).abs().max() < 1e-5
    print("TiedCrossEntropy = F.cross_entropy (loss and gradients)")


def check_resume(data: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        a, b, weights = os.path.join(tmp, "a"), os.path.join(tmp, "b"), os.path.join(tmp, "w.pt")
        quick = ["--data", data, "--quick", "--schedule", "wsd", "--random-repeat-prob", "0.2"]
        assert train.main(quick + ["--out", a, "--steps", "20"]) == 0
        assert train.main(quick + ["--out", a, "--save-weights", weights]) == 0
        assert train.main(quick + ["--out", b, "--steps", "30", "--init-from", weights]) == 0
        state = torch.load(os.path.join(b, "checkpoint.pt"))
        assert state["step"] == 30 and state["rewarm_at"] == 20, (state["step"], state.get("rewarm_at"))
        log = [json.loads(line) for line in open(os.path.join(b, "log.jsonl"))]
        assert [e["step"] for e in log] == [10, 20, 30], [e["step"] for e in log]
        before = os.path.getmtime(os.path.join(b, "checkpoint.pt"))
        assert train.main(quick + ["--out", b, "--steps", "30", "--decay-branch", "10"]) == 0
        assert torch.load(os.path.join(b, "branch.pt"))["step"] == 40
        assert os.path.getmtime(os.path.join(b, "checkpoint.pt")) == before
    print("save-weights → init-from resumes at the same step with the log; a decay branch leaves checkpoint.pt alone")


if __name__ == "__main__":
    check_cross_entropy()
    check_resume(sys.argv[1] if len(sys.argv) > 1 else ".cache/lm-data")
