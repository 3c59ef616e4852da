#!/usr/bin/env python3
"""Golden fixtures of the shipped model: PyTorch runs the weights stored in public/models/lm/model.bin (decoded from
float16 exactly as the app decodes them) on a few sentences, and writes causal_lm fixtures that name the model file
instead of inlining 1.2 M weights (`"model_file"`, a path relative to the fixture; see scripts/golden/README.md).

    /usr/bin/python3 scripts/lm/make_shipped_fixture.py [--model public/models/lm/model.bin] [--out tests/fixtures]

Token ids come from the app's own tokenizer (scripts/lm/encode.ts), each sequence starting with <|endoftext|> as the
app's runs do. PyTorch computes in float64 with the trainer's own module (scripts/lm/train.py's GPT); the script also
checks it against the independent numpy reference of scripts/golden/make_fixtures.py.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "scripts", "golden"))
from export import read_model_file  # noqa: E402
from make_fixtures import ref_causal_lm  # noqa: E402
from train import GPT, Config  # noqa: E402

CASES = [  # name, text, disabled heads ([layer, head], counted from 0)
    ("causal_lm_shipped_en", "The cat sat on the mat, and the cat", []),
    ("causal_lm_shipped_zh", "张三去了学校。张三", []),
    ("causal_lm_shipped_en_ablated", "The cat sat on the mat, and the cat", [[1, 0], [1, 2]]),
]


def module_from_file(header: dict, t: dict) -> GPT:
    c = header["config"]
    cfg = Config(n_layer=c["num_layers"], n_head=c["num_heads"], n_embd=c["embed_dim"], ffn_dim=c["ffn_dim"], context=c["n_positions"],
                 layer_norm_eps=c["layer_norm_eps"], activation=c["activation"])
    model = GPT(cfg, c["vocab_size"]).double()
    sd = {"wte.weight": t["wte"], "wpe.weight": t["wpe"], "lnf.weight": t["lnf_weight"], "lnf.bias": t["lnf_bias"]}
    for i in range(c["num_layers"]):
        for ours, theirs in [("ln1.weight", "ln1_weight"), ("ln1.bias", "ln1_bias"), ("in_proj.weight", "in_proj_weight"), ("in_proj.bias", "in_proj_bias"),
                             ("out_proj.weight", "out_proj_weight"), ("out_proj.bias", "out_proj_bias"), ("ln2.weight", "ln2_weight"), ("ln2.bias", "ln2_bias"),
                             ("fc.weight", "fc_weight"), ("fc.bias", "fc_bias"), ("proj.weight", "proj_weight"), ("proj.bias", "proj_bias")]:
            sd[f"blocks.{i}.{ours}"] = t[f"layers.{i}.{theirs}"]
    model.load_state_dict({k: torch.from_numpy(np.ascontiguousarray(v)) for k, v in sd.items()})
    model.eval()
    return model


def stored_columns(logits: np.ndarray, ids: list[int]) -> list[int] | None:
    """All columns for a small vocabulary; for a large one (scripts/golden/README.md, logits_columns): the start token
    and the 256 byte tokens, each row's 16 best, the tokens of the sequence, and 256 seeded others."""
    v = logits.shape[1]
    if v <= 8192:
        return None
    picked = set(range(257)) | set(ids)
    for row in logits:
        picked |= set(np.argsort(-row)[:16].tolist())
    picked |= set(np.random.default_rng(0).choice(v, size=256, replace=False).tolist())
    return sorted(int(i) for i in picked)


def num(x: float) -> float:
    return float(f"{x:.9g}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--model", default=os.path.join(REPO, "public", "models", "lm", "model.bin"))
    p.add_argument("--out", default=os.path.join(REPO, "tests", "fixtures"))
    args = p.parse_args()
    header, t = read_model_file(args.model)
    c = header["config"]
    model = module_from_file(header, t)
    ids_list = json.loads(subprocess.check_output(["npx", "tsx", os.path.join(HERE, "encode.ts"), args.model, *[text for _, text, _ in CASES]], cwd=REPO))
    for (name, text, disabled), ids in zip(CASES, ids_list):
        x = torch.tensor([ids])
        dis = {}
        for layer, head in disabled:
            dis.setdefault(layer, set()).add(head)
        with torch.no_grad():
            logits, maps = model(x, disabled=dis, need_weights=True)
        logits = logits[0].numpy()
        weights = torch.stack([m[0] for m in maps]).numpy()
        ref = {"token_ids": np.array(ids), "layer_norm_eps": c["layer_norm_eps"], "num_heads": c["num_heads"], "activation": c["activation"],
               "disabled_heads": disabled, "wte": t["wte"], "wpe": t["wpe"], "lnf_weight": t["lnf_weight"], "lnf_bias": t["lnf_bias"], "lm_head_weight": None,
               "layers": [{k.split(".", 2)[2]: v for k, v in t.items() if k.startswith(f"layers.{i}.")} for i in range(c["num_layers"])]}
        ref_logits, ref_w = ref_causal_lm(ref)
        err = max(np.abs(logits - ref_logits).max(), np.abs(weights - ref_w).max())
        if not err < 1e-9:
            raise SystemExit(f"{name}: PyTorch and the numpy reference differ by {err}")
        expected = {"logits": [[num(v) for v in row] for row in logits], "weights": [[[[num(v) for v in row] for row in head] for head in layer] for layer in weights]}
        columns = stored_columns(logits, ids)
        if columns is not None:  # a large vocabulary: some columns, and each row's log-sum-exp over all of them
            top = logits.max(axis=1, keepdims=True)
            expected["logits"] = [[num(v) for v in row] for row in logits[:, columns]]
            expected["logsumexp"] = [num(v) for v in (top[:, 0] + np.log(np.exp(logits - top).sum(axis=1)))]
        fixture = {
            "kind": "causal_lm", "name": name, "text": text,
            "model_file": os.path.relpath(args.model, args.out),
            **{k: c[k] for k in ("vocab_size", "n_positions", "embed_dim", "num_heads", "num_layers", "ffn_dim", "activation", "layer_norm_eps", "tied_embeddings")},
            "token_ids": ids, "disabled_heads": disabled,
            **({"logits_columns": columns} if columns is not None else {}),
            "expected": expected,
        }
        path = os.path.join(args.out, f"{name}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(fixture, f, ensure_ascii=False, separators=(",", ":"))
            f.write("\n")
        print(f"wrote {path}: {len(ids)} tokens, disabled {disabled}, max |logit| {np.abs(logits).max():.3g}, torch vs numpy {err:.1e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
