#!/usr/bin/env python3
"""Writes a training checkpoint as the app's model file (format: src/engine/lm/modelFile.ts), float16 weights.

    /usr/bin/python3 scripts/lm/export.py --train .cache/lm-train --data .cache/lm-data --out public/models/lm/model.bin

The header carries the config, the vocabulary the model was trained with, and what the training log says (steps,
tokens seen, minutes, last probes), so the app and the model card read one source. Also importable: `read_model_file`
parses the same format back (the shipped-weights golden fixture is computed from the file, not the checkpoint).
"""
from __future__ import annotations

import argparse
import json
import os
import struct
import sys

import numpy as np

MAGIC = b"ATTNLM01"


def tensors_of(state: dict, n_layer: int) -> list[tuple[str, np.ndarray]]:
    """The checkpoint's parameters under the golden causal_lm names, in file order."""
    t = lambda k: state[k].detach().cpu().numpy().astype(np.float32)  # noqa: E731
    if "wte_factor.weight" in state:  # factorised: V x F table in int8 with a scale per row, and the F x E projection
        q, scale = quantize_rows(t("wte_factor.weight"))
        out = [("wte_factor", q), ("wte_factor_scale", scale), ("wte_proj", t("wte_proj.weight").T.copy()), ("wpe", t("wpe.weight"))]
    else:
        out = [("wte", t("wte.weight")), ("wpe", t("wpe.weight"))]
    for i in range(n_layer):
        p = f"blocks.{i}."
        out += [
            (f"layers.{i}.ln1_weight", t(p + "ln1.weight")), (f"layers.{i}.ln1_bias", t(p + "ln1.bias")),
            (f"layers.{i}.in_proj_weight", t(p + "in_proj.weight")), (f"layers.{i}.in_proj_bias", t(p + "in_proj.bias")),
            (f"layers.{i}.out_proj_weight", t(p + "out_proj.weight")), (f"layers.{i}.out_proj_bias", t(p + "out_proj.bias")),
            (f"layers.{i}.ln2_weight", t(p + "ln2.weight")), (f"layers.{i}.ln2_bias", t(p + "ln2.bias")),
            (f"layers.{i}.fc_weight", t(p + "fc.weight")), (f"layers.{i}.fc_bias", t(p + "fc.bias")),
            (f"layers.{i}.proj_weight", t(p + "proj.weight")), (f"layers.{i}.proj_bias", t(p + "proj.bias")),
        ]
    out += [("lnf_weight", t("lnf.weight")), ("lnf_bias", t("lnf.bias"))]
    return out


def quantize_rows(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Symmetric int8 per row: row ≈ q * scale, scale = max |row| / 127 stored as float16 (the value both readers use)."""
    scale = (np.abs(table).max(axis=1) / 127).astype("<f2")
    safe = np.where(scale.astype(np.float32) > 0, scale.astype(np.float32), 1.0)
    q = np.clip(np.rint(table / safe[:, None]), -127, 127).astype(np.int8)
    return q, scale


def write_model_file(path: str, config: dict, tensors: list[tuple[str, np.ndarray]], vocabulary: dict, training: dict) -> None:
    entries = []
    blobs = []
    offset = 0
    for name, array in tensors:
        if array.dtype == np.int8:
            raw, dtype = array.tobytes(), "i8"
        else:
            half = array.astype("<f2")
            if not np.all(np.isfinite(half)):
                raise SystemExit(f"{name} overflows float16")
            raw, dtype = half.tobytes(), "f16"
        entries.append({"name": name, "shape": list(array.shape), "dtype": dtype, "offset": offset})
        pad = (-len(raw)) % 8  # every tensor starts 8-aligned
        blobs.append(raw + b"\0" * pad)
        offset += len(raw) + pad
    header = json.dumps({"format": "attention-lab/lm-model", "version": 1, "config": config, "tensors": entries, "vocabulary": vocabulary, "training": training},
                        ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    start = 12 + len(header)
    pad = (-start) % 8
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(MAGIC + struct.pack("<I", len(header)) + header + b"\0" * pad)
        for b in blobs:
            f.write(b)
    os.replace(tmp, path)


def read_model_file(path: str) -> tuple[dict, dict[str, np.ndarray]]:
    """(header, name → float64 array) of a model file: the weights exactly as the app decodes them. A factorised
    embedding comes back as the one V x E table "wte" the app rebuilds from it (int8 x row scale, times wte_proj)."""
    data = open(path, "rb").read()
    if data[:8] != MAGIC:
        raise SystemExit(f"{path} is not a model file")
    (n,) = struct.unpack("<I", data[8:12])
    header = json.loads(data[12 : 12 + n].decode("utf-8"))
    start = 12 + n + ((-(12 + n)) % 8)
    out = {}
    for e in header["tensors"]:
        count = int(np.prod(e["shape"]))
        a = np.frombuffer(data, dtype="<f2" if e["dtype"] == "f16" else np.int8, count=count, offset=start + e["offset"])
        out[e["name"]] = a.astype(np.float64).reshape(e["shape"])
    if "wte_factor" in out:
        table = (out.pop("wte_factor") * out.pop("wte_factor_scale")[:, None]).astype(np.float32)  # exact in float32, as in the app
        out = {"wte": table.astype(np.float64) @ out.pop("wte_proj"), **out}
    return header, out


def main(argv=None) -> int:
    import torch

    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--train", default=".cache/lm-train")
    p.add_argument("--data", default=".cache/lm-data")
    p.add_argument("--out", default="public/models/lm/model.bin")
    p.add_argument("--checkpoint", default="checkpoint.pt", help="in --train: checkpoint.pt, or branch.pt for a wsd decay branch")
    args = p.parse_args(argv)

    state = torch.load(os.path.join(args.train, args.checkpoint))
    c = state["config"]
    vocabulary = json.load(open(os.path.join(args.data, "vocabulary.json"), encoding="utf-8"))
    meta = json.load(open(os.path.join(args.data, "meta.json"), encoding="utf-8"))
    log_path = os.path.join(args.train, "branch-log.jsonl" if args.checkpoint == "branch.pt" else "log.jsonl")
    log = [json.loads(line) for line in open(log_path, encoding="utf-8")] if os.path.exists(log_path) else []
    config = {
        "vocab_size": len(vocabulary["tokens"]), "n_positions": c["context"], "embed_dim": c["n_embd"], "num_heads": c["n_head"],
        "num_layers": c["n_layer"], "ffn_dim": c["ffn_dim"], "activation": c["activation"], "layer_norm_eps": c["layer_norm_eps"],
        "tied_embeddings": True,
        **({"embed_factor": c["embed_factor"]} if c.get("embed_factor") else {}),
    }
    training = {
        "steps": state["step"], "tokens_seen": state["step"] * c["batch"] * c["context"], "minutes": round(state.get("elapsed", 0.0) / 60, 1),
        "recipe": c, "sources": meta.get("sources"), "last_probe": log[-1] if log else None,
    }
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    write_model_file(args.out, config, tensors_of(state["model"], c["n_layer"]), vocabulary, training)
    print(f"wrote {args.out} ({os.path.getsize(args.out) / 1e6:.2f} MB), step {state['step']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
