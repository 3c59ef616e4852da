"""Golden values for src/engine/train/adam.ts: torch.optim.Adam, clip_grad_norm_ and a linear warm-up on a tiny quadratic.

Run with Debian's PyTorch (the `python3` first on PATH may lack torch):

    /usr/bin/python3 scripts/golden/make_adam.py

Writes tests/fixtures/train/adam.json. The loss is f(p) = 1/2 p^T A p - b^T p with a fixed symmetric positive
definite A [n x n], so the gradient A p - b is easy to recompute in the test; everything is float64, as the trainer's
parameter vector. Each scenario starts from `initial` and records, per step, the learning rate used, the gradient norm
before clipping (what clip_grad_norm_ returns) and the parameters after the step.

Scenarios:
  plain        lr 0.1, no warm-up, no clipping
  warmup_clip  lr 0.05, warm-up over 4 steps (lr * min(1, step / 4), step counting from 1), clip the global norm at 1
               (the gradient starts well above 1, so the first steps are clipped)
Numbers are written with repr(), which round-trips float64 exactly.
"""

from __future__ import annotations

import json
from pathlib import Path

import torch

OUT = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "train" / "adam.json"
N = 5
STEPS = 8


def problem() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(7)
    m = torch.randn(N, N, generator=g, dtype=torch.float64)
    a = m @ m.T + 0.5 * torch.eye(N, dtype=torch.float64)
    b = torch.randn(N, generator=g, dtype=torch.float64) * 3
    p0 = torch.randn(N, generator=g, dtype=torch.float64) * 2
    return a, b, p0


def run(a: torch.Tensor, b: torch.Tensor, p0: torch.Tensor, lr: float, warmup: int, clip: float) -> list[dict]:
    p = torch.nn.Parameter(p0.clone())
    opt = torch.optim.Adam([p], lr=lr, betas=(0.9, 0.999), eps=1e-8)
    steps = []
    for step in range(1, STEPS + 1):
        step_lr = lr if warmup == 0 else lr * min(1.0, step / warmup)
        for group in opt.param_groups:
            group["lr"] = step_lr
        opt.zero_grad()
        loss = 0.5 * p @ a @ p - b @ p
        loss.backward()
        if clip > 0:
            norm = float(torch.nn.utils.clip_grad_norm_([p], clip))
        else:
            norm = float(p.grad.norm())
        opt.step()
        steps.append({"step": step, "lr": step_lr, "gradNorm": norm, "params": [float(x) for x in p.detach().tolist()]})
    return steps


def main() -> None:
    a, b, p0 = problem()
    fixture = {
        "torch": torch.__version__,
        "loss": "0.5 * p^T A p - b^T p (gradient A p - b)",
        "betas": [0.9, 0.999],
        "eps": 1e-8,
        "A": [[float(x) for x in row] for row in a.tolist()],
        "b": [float(x) for x in b.tolist()],
        "initial": [float(x) for x in p0.tolist()],
        "scenarios": {
            "plain": {"learningRate": 0.1, "warmupSteps": 0, "clipNorm": 0, "steps": run(a, b, p0, 0.1, 0, 0.0)},
            "warmup_clip": {"learningRate": 0.05, "warmupSteps": 4, "clipNorm": 1, "steps": run(a, b, p0, 0.05, 4, 1.0)},
        },
    }
    first_norm = fixture["scenarios"]["warmup_clip"]["steps"][0]["gradNorm"]
    if first_norm <= 1:
        raise SystemExit(f"the first gradient norm {first_norm} is not above the clip, so clipping would go untested")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(fixture, indent=1) + "\n")
    print(f"wrote {OUT} (first gradient norm {first_norm:.3f})")


if __name__ == "__main__":
    main()
