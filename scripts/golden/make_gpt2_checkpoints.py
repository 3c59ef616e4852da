"""Small random GPT-2 checkpoints in Hugging Face's layout, and golden fixtures that name them.

Run (Debian's PyTorch 1.13; the `python3` first on PATH has no torch):

    /usr/bin/python3 scripts/golden/make_gpt2_checkpoints.py [-v] [out_dir (default: tests/fixtures)]

Writes, for each checkpoint in CHECKPOINTS, `gpt2/<name>/model.safetensors` and `gpt2/<name>/config.json` as Hugging
Face's `gpt2` repository holds them (GPT2Model's state dict, Conv1D weights stored input × output, config.json as
`save_pretrained` writes it), and for each entry of FIXTURES a causal_lm fixture `gpt2_<...>.json`
(/work/shared/golden-format.md) that names its checkpoint (`"checkpoint"`, paths relative to the fixture) instead of
inlining the weights.

Neither `safetensors` nor `transformers` is installed here, and neither is used: the safetensors file is written by hand
(8-byte little-endian header length N, N bytes of JSON header padded with spaces to a multiple of 8, then the raw
little-endian row-major tensor bytes), read back by hand, and the expected values come from the tensors read back, so
they are exactly the stored weights (F16/BF16 values upcast).

`expected` is an independent float64 forward (numpy), written from the GPT-2 paper's description and the documented
Hugging Face layout. The script stops with an error if a float32 PyTorch forward built from torch.nn.functional pieces
and nn.MultiheadAttention differs from it by more than 1e-5 (atol) + 1e-5 (rtol), if any value is NaN, or if a fixture
would pass with exact GELU in place of GPT-2's tanh GELU ("gelu_new").

Determinism: every checkpoint and fixture has its own seed and torch runs on one thread, so running the script again
writes the same bytes.
"""

from __future__ import annotations

import argparse
import json
import math
import struct
import sys
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_OUT = REPO_ROOT / "tests" / "fixtures"

SELF_CHECK_ATOL = 1e-5
SELF_CHECK_RTOL = 1e-5
GOLDEN_ATOL = GOLDEN_RTOL = 1e-4  # the engine's tolerance (golden-format.md)

# Sizes shared by every checkpoint: V = vocab, C = context, E = width, H = heads, N = layers; MLP width 4E (n_inner null).
V, C, E, H, N = 97, 40, 32, 4, 2

# name: storage dtype, key prefix, buffers ("f32": attn.bias F32 + masked_bias F32; "bool": attn.bias BOOL + masked_bias
# in the weights' dtype; None: no buffers), tied embeddings, LayerNorm epsilon, seed.
CHECKPOINTS = [
    dict(name="f32", dtype="F32", prefix="", buffers="f32", tied=True, eps=1e-5, seed=401),
    dict(name="f16", dtype="F16", prefix="", buffers=None, tied=True, eps=1e-5, seed=402),
    dict(name="bf16", dtype="BF16", prefix="", buffers="bool", tied=True, eps=1e-5, seed=403),
    dict(name="prefixed", dtype="F32", prefix="transformer.", buffers=None, tied=False, eps=1e-3, seed=404),
]

# Fixture name, checkpoint, sequence length L (≤ C), disabled heads ([layer, head]), seed for the token ids.
FIXTURES = [
    dict(name="gpt2_f32", checkpoint="f32", L=12, disabled=[], seed=501),
    dict(name="gpt2_f32_full_context_ablated", checkpoint="f32", L=C, disabled=[[0, 1]], seed=502),
    dict(name="gpt2_f16", checkpoint="f16", L=17, disabled=[], seed=503),
    dict(name="gpt2_bf16_ablated", checkpoint="bf16", L=23, disabled=[[1, 0], [1, 3]], seed=504),
    dict(name="gpt2_bf16", checkpoint="bf16", L=8, disabled=[], seed=505),
    dict(name="gpt2_prefixed_untied", checkpoint="prefixed", L=30, disabled=[], seed=506),
    dict(name="gpt2_prefixed_untied_ablated", checkpoint="prefixed", L=14, disabled=[[0, 0], [1, 2]], seed=507),
]


# --------------------------------------------------------------------------------------------
# Random weights (float32, Hugging Face names without prefix; Conv1D weights are input × output)
# --------------------------------------------------------------------------------------------

def random_weights(spec) -> dict[str, torch.Tensor]:
    """Scales roughly those of a trained small GPT-2. c_fc is wide enough that pre-activations reach |x| ≈ 6, where exact
    and tanh GELU differ by up to 4.7e-4; LayerNorm gains and biases are random too."""
    g = torch.Generator().manual_seed(spec["seed"])

    def randn(*shape, std=1.0, mean=0.0):
        return torch.randn(*shape, generator=g) * std + mean

    t = {"wte.weight": randn(V, E, std=0.3), "wpe.weight": randn(C, E, std=0.1)}
    for i in range(N):
        p = f"h.{i}."
        t[p + "ln_1.weight"] = randn(E, std=0.3, mean=1.0)
        t[p + "ln_1.bias"] = randn(E, std=0.2)
        t[p + "attn.c_attn.weight"] = randn(E, 3 * E, std=0.25)
        t[p + "attn.c_attn.bias"] = randn(3 * E, std=0.2)
        t[p + "attn.c_proj.weight"] = randn(E, E, std=0.15)
        t[p + "attn.c_proj.bias"] = randn(E, std=0.05)
        t[p + "ln_2.weight"] = randn(E, std=0.3, mean=1.0)
        t[p + "ln_2.bias"] = randn(E, std=0.2)
        t[p + "mlp.c_fc.weight"] = randn(E, 4 * E, std=0.45)
        t[p + "mlp.c_fc.bias"] = randn(4 * E, std=0.5)
        t[p + "mlp.c_proj.weight"] = randn(4 * E, E, std=0.1)
        t[p + "mlp.c_proj.bias"] = randn(E, std=0.05)
    t["ln_f.weight"] = randn(E, std=0.3, mean=1.0)
    t["ln_f.bias"] = randn(E, std=0.2)
    if not spec["tied"]:
        t["lm_head.weight"] = randn(V, E, std=0.3)
    return t


def buffers(spec) -> dict[str, torch.Tensor]:
    """The non-parameter buffers older saves carry; a loader must ignore them. attn.bias: [1, 1, C, C] lower triangle."""
    kind = spec["buffers"]
    if kind is None:
        return {}
    tril = torch.tril(torch.ones(C, C)).view(1, 1, C, C)
    out = {}
    for i in range(N):
        out[f"h.{i}.attn.bias"] = tril if kind == "f32" else tril.to(torch.bool)
        out[f"h.{i}.attn.masked_bias"] = torch.tensor(-1e4)
    return out


# --------------------------------------------------------------------------------------------
# safetensors, by hand
# --------------------------------------------------------------------------------------------

ITEMSIZE = {"F32": 4, "F16": 2, "BF16": 2, "BOOL": 1, "U8": 1}


def tensor_bytes(t: torch.Tensor, dtype: str) -> bytes:
    """Little-endian row-major bytes of t stored as dtype (rounded to nearest even for F16/BF16)."""
    t = t.detach().contiguous()
    if dtype == "F32":
        return t.to(torch.float32).numpy().astype("<f4").tobytes()
    if dtype == "F16":
        return t.to(torch.float16).numpy().astype("<f2").tobytes()
    if dtype == "BF16":
        return t.to(torch.bfloat16).view(torch.int16).numpy().astype("<i2").tobytes()
    if dtype in ("BOOL", "U8"):
        return t.to(torch.uint8).numpy().tobytes()
    raise ValueError(dtype)


def write_safetensors(path: Path, tensors: dict[str, tuple[torch.Tensor, str]]) -> None:
    """tensors: name -> (tensor, dtype). Data ordered as the reference writer orders it: larger items first, then by
    name; the header lists __metadata__ first, then the tensors in data order."""
    order = sorted(tensors, key=lambda k: (-ITEMSIZE[tensors[k][1]], k))
    header: dict[str, object] = {"__metadata__": {"format": "pt"}}
    blobs, offset = [], 0
    for name in order:
        t, dtype = tensors[name]
        b = tensor_bytes(t, dtype)
        assert len(b) == ITEMSIZE[dtype] * t.numel()
        header[name] = {"dtype": dtype, "shape": list(t.shape), "data_offsets": [offset, offset + len(b)]}
        blobs.append(b)
        offset += len(b)
    text = json.dumps(header, separators=(",", ":")).encode("utf-8")
    text += b" " * ((8 - len(text) % 8) % 8)  # data starts 8-byte aligned
    path.write_bytes(struct.pack("<Q", len(text)) + text + b"".join(blobs))


def read_safetensors(path: Path) -> dict[str, tuple[np.ndarray, str]]:
    """name -> (float64 array, or uint8 for BOOL/U8; the dtype as stored). Checks the header covers the data exactly."""
    raw = path.read_bytes()
    (n,) = struct.unpack("<Q", raw[:8])
    assert (8 + n) % 8 == 0, "data not 8-byte aligned"
    header = json.loads(raw[8:8 + n].decode("utf-8"))
    data = raw[8 + n:]
    out, end = {}, 0
    for name, info in header.items():
        if name == "__metadata__":
            continue
        dtype, shape, (b, e) = info["dtype"], info["shape"], info["data_offsets"]
        chunk = data[b:e]
        assert len(chunk) == ITEMSIZE[dtype] * math.prod(shape), name
        if dtype == "F32":
            a = np.frombuffer(chunk, "<f4").astype(np.float64)
        elif dtype == "F16":
            a = np.frombuffer(chunk, "<f2").astype(np.float64)
        elif dtype == "BF16":
            a = (np.frombuffer(chunk, "<u2").astype(np.uint32) << 16).view(np.float32).astype(np.float64)
        else:
            a = np.frombuffer(chunk, np.uint8).copy()
        out[name] = (a.reshape(shape), dtype)
        end = max(end, e)
    assert end == len(data), "trailing bytes after the last tensor"
    return out


def hf_config(spec) -> dict:
    """config.json as GPT2LMHeadModel.save_pretrained writes it (values that differ from PretrainedConfig's defaults)."""
    cfg = {
        "activation_function": "gelu_new", "architectures": ["GPT2LMHeadModel"], "attn_pdrop": 0.1,
        "bos_token_id": V - 1, "embd_pdrop": 0.1, "eos_token_id": V - 1, "initializer_range": 0.02,
        "layer_norm_epsilon": spec["eps"], "model_type": "gpt2", "n_ctx": C, "n_embd": E, "n_head": H,
        "n_inner": None, "n_layer": N, "n_positions": C, "reorder_and_upcast_attn": False, "resid_pdrop": 0.1,
        "scale_attn_by_inverse_layer_idx": False, "scale_attn_weights": True, "summary_activation": None,
        "summary_first_dropout": 0.1, "summary_proj_to_labels": True, "summary_type": "cls_index",
        "summary_use_proj": True,
        "torch_dtype": {"F32": "float32", "F16": "float16", "BF16": "bfloat16"}[spec["dtype"]],
        "transformers_version": "4.38.2", "use_cache": True, "vocab_size": V,
    }
    if not spec["tied"]:
        cfg["tie_word_embeddings"] = False  # else Hugging Face would tie lm_head to wte and ignore the stored one
    return cfg


def write_checkpoint(spec, out_dir: Path) -> Path:
    d = out_dir / "gpt2" / spec["name"]
    d.mkdir(parents=True, exist_ok=True)
    tensors = {}
    for k, t in random_weights(spec).items():
        key = k if k == "lm_head.weight" else spec["prefix"] + k
        tensors[key] = (t, spec["dtype"])
    for k, t in buffers(spec).items():
        if t.dtype == torch.bool:
            tensors[spec["prefix"] + k] = (t, "BOOL")
        else:
            tensors[spec["prefix"] + k] = (t, "F32" if spec["buffers"] == "f32" else spec["dtype"])
    write_safetensors(d / "model.safetensors", tensors)
    (d / "config.json").write_text(json.dumps(hf_config(spec), indent=2, sort_keys=True) + "\n")
    return d


def load_checkpoint(d: Path) -> tuple[dict[str, np.ndarray], dict]:
    """The stored parameters (float64, names without prefix, buffers dropped) and the config, read back from disk."""
    cfg = json.loads((d / "config.json").read_text())
    params = {}
    for name, (a, dtype) in read_safetensors(d / "model.safetensors").items():
        if name.endswith(".attn.bias") or name.endswith(".attn.masked_bias"):
            continue
        key = name[len("transformer."):] if name.startswith("transformer.") else name
        assert dtype in ("F32", "F16", "BF16"), (name, dtype)
        params[key] = a
    return params, cfg


# --------------------------------------------------------------------------------------------
# The independent float64 forward (GPT-2 paper + Hugging Face's documented Conv1D layout)
# --------------------------------------------------------------------------------------------

def gelu_new(x):
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def gelu_exact(x):
    return 0.5 * x * (1.0 + np.vectorize(math.erf)(x / math.sqrt(2.0)))


def layer_norm(x, g, b, eps):
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * g + b


def ref_forward(p, eps, ids, disabled, act=gelu_new):
    """logits [L × V] and attention weights [N × H × L × L]; y = x·W + b for every Conv1D."""
    L = len(ids)
    D = E // H
    h = p["wte.weight"][ids] + p["wpe.weight"][:L]
    future = np.triu(np.ones((L, L), dtype=bool), k=1)  # query i sees keys 0..i
    all_w, max_pre = [], 0.0
    for i in range(N):
        w = {k[len(f"h.{i}."):]: v for k, v in p.items() if k.startswith(f"h.{i}.")}
        qkv = layer_norm(h, w["ln_1.weight"], w["ln_1.bias"], eps) @ w["attn.c_attn.weight"] + w["attn.c_attn.bias"]
        q, k, v = qkv[:, :E], qkv[:, E:2 * E], qkv[:, 2 * E:]
        heads, weights = [], []
        for j in range(H):
            cols = slice(j * D, (j + 1) * D)
            s = np.where(future, -np.inf, q[:, cols] @ k[:, cols].T / math.sqrt(D))
            e = np.exp(s - s.max(axis=1, keepdims=True))
            a = e / e.sum(axis=1, keepdims=True)
            weights.append(a)
            heads.append(np.zeros((L, D)) if [i, j] in disabled else a @ v[:, cols])
        h = h + np.concatenate(heads, axis=1) @ w["attn.c_proj.weight"] + w["attn.c_proj.bias"]
        pre = layer_norm(h, w["ln_2.weight"], w["ln_2.bias"], eps) @ w["mlp.c_fc.weight"] + w["mlp.c_fc.bias"]
        max_pre = max(max_pre, float(np.abs(pre).max()))
        h = h + act(pre) @ w["mlp.c_proj.weight"] + w["mlp.c_proj.bias"]
        all_w.append(np.stack(weights))
    head = p.get("lm_head.weight", p["wte.weight"])
    logits = layer_norm(h, p["ln_f.weight"], p["ln_f.bias"], eps) @ head.T
    return logits, np.stack(all_w), max_pre


def torch_forward(p, eps, ids, disabled):
    """The same model in float32 from torch.nn.functional pieces and nn.MultiheadAttention (in_proj = c_attnᵀ; its
    out_proj set to the identity so the per-head outputs can be ablated before c_proj)."""
    t = {k: torch.tensor(v, dtype=torch.float32) for k, v in p.items()}
    L = len(ids)
    D = E // H
    ids_t = torch.tensor(ids)
    future = torch.triu(torch.ones(L, L, dtype=torch.bool), diagonal=1)
    with torch.no_grad():
        h = F.embedding(ids_t, t["wte.weight"]) + t["wpe.weight"][:L]
        all_w = []
        for i in range(N):
            w = {k[len(f"h.{i}."):]: v for k, v in t.items() if k.startswith(f"h.{i}.")}
            mha = torch.nn.MultiheadAttention(E, H, batch_first=True)
            mha.in_proj_weight.copy_(w["attn.c_attn.weight"].T)
            mha.in_proj_bias.copy_(w["attn.c_attn.bias"])
            mha.out_proj.weight.copy_(torch.eye(E))
            mha.out_proj.bias.zero_()
            mha.train()  # dropout 0: the standard (non-fused) path
            a = F.layer_norm(h, (E,), w["ln_1.weight"], w["ln_1.bias"], eps)[None]
            concat, weights = mha(a, a, a, attn_mask=future, need_weights=True, average_attn_weights=False)
            concat = concat[0].clone()
            for ly, hd in disabled:
                if ly == i:
                    concat[:, hd * D:(hd + 1) * D] = 0
            h = h + F.linear(concat, w["attn.c_proj.weight"].T, w["attn.c_proj.bias"])
            m = F.layer_norm(h, (E,), w["ln_2.weight"], w["ln_2.bias"], eps)
            z = F.gelu(F.linear(m, w["mlp.c_fc.weight"].T, w["mlp.c_fc.bias"]), approximate="tanh")
            h = h + F.linear(z, w["mlp.c_proj.weight"].T, w["mlp.c_proj.bias"])
            all_w.append(weights[0])
        head = t.get("lm_head.weight", t["wte.weight"])
        logits = F.linear(F.layer_norm(h, (E,), t["ln_f.weight"], t["ln_f.bias"], eps), head)
    return logits.numpy().astype(np.float64), torch.stack(all_w).numpy().astype(np.float64)


def check_close(name, what, got, ref):
    assert np.all(np.isfinite(got)) and np.all(np.isfinite(ref)), f"{name}: {what} has non-finite values"
    err = np.abs(got - ref)
    if not np.all(err <= SELF_CHECK_ATOL + SELF_CHECK_RTOL * np.abs(ref)):
        i = np.unravel_index(np.argmax(err - SELF_CHECK_RTOL * np.abs(ref)), err.shape)
        raise AssertionError(f"{name}: torch {what} {got[i]!r} differs from the float64 reference {ref[i]!r} at {i}")
    return float(err.max())


# --------------------------------------------------------------------------------------------
# Fixtures
# --------------------------------------------------------------------------------------------

def num(x: float) -> float:
    r = float(f"{x:.9g}")
    return 0.0 if r == 0.0 else r  # no -0.0


def nested(a: np.ndarray):
    return [num(x) for x in a] if a.ndim == 1 else [nested(r) for r in a]


def make_fixture(fx, ck_spec, ck_dir: Path, out_dir: Path):
    name, L, disabled = fx["name"], fx["L"], fx["disabled"]
    p, cfg = load_checkpoint(ck_dir)
    assert cfg["vocab_size"] == V and cfg["n_positions"] == C and cfg["n_inner"] is None
    eps = cfg["layer_norm_epsilon"]
    rng = np.random.default_rng(fx["seed"])
    ids = [V - 1] + rng.integers(0, V, size=L - 1).tolist()  # starts with <|endoftext|>, as GPT-2 runs do

    logits, weights, max_pre = ref_forward(p, eps, ids, disabled)
    t_logits, t_weights = torch_forward(p, eps, ids, disabled)
    e_logits = check_close(name, "logits", t_logits, logits)
    e_w = check_close(name, "weights", t_weights, weights)
    assert np.all(weights[:, :, np.triu(np.ones((L, L), dtype=bool), k=1)] == 0), f"{name}: weight above the diagonal"

    # The fixture must tell GPT-2's tanh GELU from exact GELU, and an ablated run from a plain one.
    exact, _, _ = ref_forward(p, eps, ids, disabled, act=gelu_exact)
    gelu_gap = float(np.abs(exact - logits).max())
    assert np.any(np.abs(exact - logits) > GOLDEN_ATOL + GOLDEN_RTOL * np.abs(logits)), f"{name}: exact GELU would pass"
    if disabled:
        plain, _, _ = ref_forward(p, eps, ids, [])
        assert np.abs(plain - logits).max() > 1e-2, f"{name}: the ablation hardly changes the logits"

    rel = lambda f: f"gpt2/{ck_spec['name']}/{f}"  # noqa: E731 - relative to the fixture file
    fixture = {
        "kind": "causal_lm", "name": name,
        "checkpoint": {"safetensors": rel("model.safetensors"), "config": rel("config.json")},
        "vocab_size": V, "n_positions": C, "embed_dim": E, "num_heads": H, "num_layers": N, "ffn_dim": 4 * E,
        "activation": "gelu_tanh", "layer_norm_eps": eps, "tied_embeddings": ck_spec["tied"],
        "token_ids": ids, "disabled_heads": disabled,
        "expected": {"logits": nested(logits), "weights": nested(weights)},
    }
    path = out_dir / f"{name}.json"
    path.write_text(json.dumps(fixture, allow_nan=False, separators=(", ", ": ")) + "\n")
    info = (f"{ck_spec['dtype']} L={L} disabled={disabled} max|logit|={np.abs(logits).max():.3g} "
            f"max|fc pre-act|={max_pre:.3g} exact-vs-tanh GELU logit gap={gelu_gap:.2g} "
            f"torch-vs-ref logits={e_logits:.2g} weights={e_w:.2g}")
    return path, info


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out_dir", nargs="?", default=str(DEFAULT_OUT), help="default: tests/fixtures")
    ap.add_argument("-v", "--verbose", action="store_true", help="print sizes and self-check errors")
    args = ap.parse_args(argv)
    torch.set_num_threads(1)  # deterministic reduction order
    out_dir = Path(args.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)

    specs = {s["name"]: s for s in CHECKPOINTS}
    dirs = {}
    for spec in CHECKPOINTS:
        dirs[spec["name"]] = d = write_checkpoint(spec, out_dir)
        for f in ("model.safetensors", "config.json"):
            print(f"{d / f} ({(d / f).stat().st_size} bytes)" if args.verbose else d / f)
    for fx in FIXTURES:
        path, info = make_fixture(fx, specs[fx["checkpoint"]], dirs[fx["checkpoint"]], out_dir)
        print(path)
        if args.verbose:
            print(f"    {info}")
    print(f"wrote {len(CHECKPOINTS)} checkpoints and {len(FIXTURES)} fixtures to {out_dir} (torch {torch.__version__})",
          file=sys.stderr)


if __name__ == "__main__":
    main()
