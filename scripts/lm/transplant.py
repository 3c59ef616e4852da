#!/usr/bin/env python3
"""Starts a model on a new vocabulary from one trained on another (issue 29's change to a large vocabulary):

    /usr/bin/python3 scripts/lm/transplant.py --from scripts/lm/run/stable.pt --pieces pieces.json \
        --data .cache/lm-data --embed-factor 48 --seed 4321 --out .cache/transplant.pt

- The transformer body (positions, attention, feed-forward, final LayerNorm) is copied as it is: the heads it has
  learnt, the previous-token and induction heads among them, do not depend on which vocabulary feeds them.
- Each new token's embedding starts as the mean of the old embeddings of the pieces the old vocabulary cuts its text
  into (pieces.ts); a token the old vocabulary already had keeps its row.
- With --embed-factor F the V x E table is then factorised by a truncated SVD (table = U_F S_F V_F^T: factor =
  U_F S_F, projection = V_F^T), which is where the new model's training starts.

Writes a weights file in train.py's --save-weights format (step 0, the new config, an empty log) for
`train.py --init-from`. It records where it came from in the config's `transplanted_from`. The learning rate is the
old run's stable rate where it stopped, constant (wsd), with no later changes.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import asdict

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from train import GPT, Config, stable_lr  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--from", dest="source", required=True)
    p.add_argument("--pieces", required=True)
    p.add_argument("--data", default=".cache/lm-data")
    p.add_argument("--embed-factor", type=int, default=0)
    p.add_argument("--seed", type=int, required=True, help="the new run's seed (its batches differ from the old run's)")
    p.add_argument("--out", required=True)
    args = p.parse_args(argv)

    old = torch.load(args.source, weights_only=False)
    vocabulary = json.load(open(os.path.join(args.data, "vocabulary.json"), encoding="utf-8"))
    pieces = json.load(open(args.pieces, encoding="utf-8"))
    if len(pieces) != len(vocabulary["tokens"]):
        raise SystemExit(f"{args.pieces} has {len(pieces)} entries, the vocabulary {len(vocabulary['tokens'])}")
    c = Config(**old["config"])
    c.vocab_size = len(pieces)
    c.embed_factor = args.embed_factor
    c.seed = args.seed
    c.lr = stable_lr(c, old["step"])  # the old run's rate where it stopped, constant from here (no later changes)
    c.lr_changes = ""
    model = GPT(c, c.vocab_size)
    source = old["model"]
    table = source["wte.weight"] if "wte.weight" in source else source["wte_factor.weight"] @ source["wte_proj.weight"].T
    rows = torch.stack([table[torch.tensor(ids)].mean(dim=0) for ids in pieces])  # V_new x E
    state = {k: v for k, v in source.items() if not k.startswith("wte")}
    if c.embed_factor:
        u, s, vt = torch.linalg.svd(rows, full_matrices=False)
        f = c.embed_factor
        state["wte_factor.weight"] = u[:, :f] * s[:f]
        state["wte_proj.weight"] = vt[:f].T.contiguous()  # E x F
        kept = float((s[:f] ** 2).sum() / (s**2).sum())
        print(f"factorised at rank {f}: {kept:.1%} of the table's squared norm kept")
    else:
        state["wte.weight"] = rows
    model.load_state_dict(state)
    c.transplanted_from = json.dumps({"weights": os.path.basename(args.source), "step": old["step"], "tokens": old["step"] * old["config"]["batch"] * old["config"]["context"],
                                      "minutes": round(old.get("elapsed", 0.0) / 60, 1), "vocab_size": int(table.shape[0])})
    torch.save({"model": model.state_dict(), "step": 0, "config": asdict(c), "elapsed": 0.0, "log": []}, args.out)
    print(f"wrote {args.out}: vocabulary {c.vocab_size}, embed_factor {c.embed_factor}, body from step {old['step']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
