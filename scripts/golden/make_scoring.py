"""Golden values for src/engine/scoring.ts (the other attention scores), computed by PyTorch in float32.

Run with Debian's PyTorch (the `python3` first on PATH may lack torch):

    /usr/bin/python3 scripts/golden/make_scoring.py

Writes tests/fixtures/scoring/scoring-<name>.json. They live in a subdirectory because every .json directly in
tests/fixtures is read by the MHA / encoder golden runner (scripts/golden/runGolden.ts), whose format these are not.

Each file holds the inputs (queries q [n x d_q], keys k [m x d_k], values v [m x d_v], the weights of every score
function) and `expected`, what PyTorch computed:
  dot        q k^T                                   (Luong dot)
  scaled     q k^T / sqrt(d)                         (Vaswani)
  general    q W k^T, W [d_q x d_k]                  (Luong general / bilinear)
  additive   v_a^T tanh(W1 q + W2 k)                 (Bahdanau), via two bias-free nn.Linear
  concat     v_a^T tanh(W [q; k]), W = [W1 W2]       (Luong concat), on the literally stacked vectors
  location   softmax(W_a q), W_a [m x d_q]           (Luong location), the weights
  local_m    softmax of `scaled` inside |s - t| <= D (Luong local-m), the weights
  p_t        m * sigmoid(v_p^T tanh(W_p q))          (Luong local-p), 1-based positions
  local_p    softmax of `scaled` inside |s - p_t| <= D, times exp(-(s - p_t)^2 / (2 sigma^2)), sigma = D/2,
             not renormalised (Luong), the weights; s counts keys from 1
  output_additive   softmax(additive) v
Numbers are written with 9 significant digits (float32 round-trips exactly).
"""

from __future__ import annotations

import json
from pathlib import Path

import torch

OUT = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "scoring"


def rows(t: torch.Tensor) -> list:
    return [[float(f"{x:.9g}") for x in r] for r in t.tolist()]


def vec(t: torch.Tensor) -> list:
    return [float(f"{x:.9g}") for x in t.tolist()]


def masked_softmax(scores: torch.Tensor, allowed: torch.Tensor) -> torch.Tensor:
    w = torch.softmax(scores.masked_fill(~allowed, float("-inf")), dim=-1)
    return torch.nan_to_num(w, nan=0.0)  # a fully masked row: zeros, as the engine gives


def make(name: str, seed: int, n: int, m: int, d: int, a: int, dv: int, D: int) -> None:
    torch.manual_seed(seed)
    q = torch.randn(n, d)
    k = torch.randn(m, d)
    v = torch.randn(m, dv)
    w_general = torch.randn(d, d) * 0.5
    lin1 = torch.nn.Linear(d, a, bias=False)  # W1, a x d_q
    lin2 = torch.nn.Linear(d, a, bias=False)  # W2, a x d_k
    v_a = torch.randn(a)
    w_a = torch.randn(m, d) * 0.5
    w_p = torch.randn(a, d) * 0.5
    v_p = torch.randn(a)
    with torch.no_grad():
        dot = q @ k.T
        scaled = dot / d**0.5
        general = q @ w_general @ k.T
        additive = torch.tanh(lin1(q)[:, None, :] + lin2(k)[None, :, :]) @ v_a
        w_concat = torch.cat([lin1.weight, lin2.weight], dim=1)  # a x (d_q + d_k)
        stacked = torch.cat([q[:, None, :].expand(n, m, d), k[None, :, :].expand(n, m, d)], dim=-1)
        concat = torch.tanh(stacked @ w_concat.T) @ v_a
        location = torch.softmax(q @ w_a.T, dim=-1)
        s = torch.arange(1, m + 1, dtype=torch.float32)[None, :]
        t = torch.arange(1, n + 1, dtype=torch.float32)[:, None]
        local_m = masked_softmax(scaled, (s - t).abs() <= D)
        p_t = m * torch.sigmoid(torch.tanh(q @ w_p.T) @ v_p)
        window = (s - p_t[:, None]).abs() <= D
        sigma = D / 2
        local_p = masked_softmax(scaled, window) * torch.exp(-((s - p_t[:, None]) ** 2) / (2 * sigma**2)) * window
        output_additive = torch.softmax(additive, dim=-1) @ v
    fixture = {
        "kind": "scoring",
        "description": "Other attention scores (Luong 2015, Bahdanau 2014) computed by PyTorch; see scripts/golden/make_scoring.py",
        "torch_version": torch.__version__,
        "seed": seed,
        "D": D,
        "q": rows(q),
        "k": rows(k),
        "v": rows(v),
        "w_general": rows(w_general),
        "w1": rows(lin1.weight),
        "w2": rows(lin2.weight),
        "v_a": vec(v_a),
        "w_a": rows(w_a),
        "w_p": rows(w_p),
        "v_p": vec(v_p),
        "expected": {
            "dot": rows(dot),
            "scaled": rows(scaled),
            "general": rows(general),
            "additive": rows(additive),
            "concat": rows(concat),
            "location": rows(location),
            "local_m": rows(local_m),
            "p_t": vec(p_t),
            "local_p": rows(local_p),
            "output_additive": rows(output_additive),
        },
    }
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / f"scoring-{name}.json"
    path.write_text(json.dumps(fixture, indent=1) + "\n")
    print(f"wrote {path.relative_to(OUT.parents[2])}")


if __name__ == "__main__":
    make("square", seed=11, n=6, m=6, d=4, a=5, dv=3, D=1)
    make("cross", seed=12, n=4, m=7, d=3, a=4, dv=2, D=2)
