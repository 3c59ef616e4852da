"""The PyTorch peer of `npm run bench:train`; scripts/bench/train/torchPeer.ts writes the job and runs it:

    /usr/bin/python3 scripts/bench/train/torchTrainer.py JOB_DIR/job.json

Trains the tiny post-LN Transformer of src/engine/train (types.ts spells out the forward pass) with the job's
initial weights, batches and held-out set (torchJob.ts describes the file), and prints ONE JSON line:

    {"stepOneLoss", "stepsTo99" (null if not reached), "steps", "trainSeconds", "msPerStep", "finalAccuracy", "torch",
     "blas" (torchBlas.py's blas_info(): the BLAS this process multiplied with, read after training)}

The forward is written by hand with torch ops on our tensors (fused in_proj [3E x E] with rows Q | K | V, heads in
column blocks of D = E / H, every weight [out x in]) so that nothing depends on how nn.TransformerEncoderLayer
lays out or initialises its parameters. The rest is what a PyTorch user would write: F.cross_entropy with
ignore_index (mean over the scored targets), loss.backward(), clip_grad_norm_, torch.optim.Adam with the job's
betas and eps, and the linear warm-up set by hand on the param group before each step (step k uses
lr * k / W while k < W, then lr), as src/engine/train/adam.ts warmupLearningRate.

Timing: one thread (torch.set_num_threads(1), as ours and tfjs). time.perf_counter wraps exactly one training
step: zero_grad, forward, loss, backward, clip, optimizer step and reading the loss (ours returns it as a number,
tfjs reads it back too). The batches are made int64 tensors beforehand, as a DataLoader would hand them over.
Evaluation is untimed and follows train.ts: after every `evaluateEvery`-th step while fewer than `maxSteps` steps
have been taken; the first evaluation at or above `targetAccuracy` stops training. A run that hits maxSteps is
evaluated once more for finalAccuracy but does not count as reached (train.ts treats its engines the same way).
"""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path

import torch
import torch.nn.functional as F

from torchBlas import blas_info  # beside this script, so on sys.path

torch.set_num_threads(1)
torch.set_num_interop_threads(1)

DTYPES = {"float32": torch.float32, "int32": torch.int32}


def load_arrays(job: dict, folder: Path) -> dict[str, torch.Tensor]:
    """name -> tensor (own memory, never a view of the file's bytes), from job.bin as the manifest places them."""
    if sys.byteorder != "little":
        raise SystemExit("torchTrainer: job.bin is little-endian; this machine is not")
    blob = bytearray((folder / job["binary"]).read_bytes())
    arrays: dict[str, torch.Tensor] = {}
    for entry in job["arrays"]:
        count = math.prod(entry["shape"])
        flat = torch.frombuffer(blob, dtype=DTYPES[entry["dtype"]], count=count, offset=entry["offset"])
        arrays[entry["name"]] = flat.reshape(entry["shape"]).clone()
    return arrays


class TinyTransformer:
    """The model of types.ts over named leaf tensors `params` (our names and shapes)."""

    def __init__(self, job: dict, params: dict[str, torch.Tensor], positions: torch.Tensor) -> None:
        config = job["config"]
        self.layers: int = config["layers"]
        self.heads: int = config["heads"]
        self.width: int = config["width"]
        self.vocab: int = config["vocab"]
        self.eps: float = job["layerNormEps"]
        self.params = params
        self.positions = positions  # [T x E], a constant
        t = config["seqLen"]
        # [T x T], True = blocked (key after query), as the engine's mask; None when not causal.
        self.mask = torch.ones(t, t, dtype=torch.bool).triu(1) if config["causal"] else None

    def linear(self, x: torch.Tensor, prefix: str) -> torch.Tensor:
        return F.linear(x, self.params[prefix + "weight"], self.params[prefix + "bias"])

    def layer_norm(self, x: torch.Tensor, prefix: str) -> torch.Tensor:
        # Biased variance, eps inside the square root: the engine's layerNormForward.
        return F.layer_norm(x, (self.width,), self.params[prefix + "weight"], self.params[prefix + "bias"], self.eps)

    def attention(self, x: torch.Tensor, prefix: str) -> torch.Tensor:
        """[B x T x E] -> [B x T x E]: fused QKV, H heads of softmax(Q K^T / sqrt(D)) V, heads merged, out_proj."""
        b, t, e = x.shape
        d = e // self.heads
        qkv = F.linear(x, self.params[prefix + "in_proj_weight"], self.params[prefix + "in_proj_bias"])  # [B x T x 3E]
        q, k, v = (part.reshape(b, t, self.heads, d).transpose(1, 2) for part in qkv.split(e, dim=-1))  # [B x H x T x D]
        scores = q @ k.transpose(-2, -1) / math.sqrt(d)  # [B x H x T x T]
        if self.mask is not None:
            scores = scores.masked_fill(self.mask, float("-inf"))
        mixed = scores.softmax(dim=-1) @ v  # [B x H x T x D]
        return self.linear(mixed.transpose(1, 2).reshape(b, t, e), prefix + "out_proj.")

    def forward(self, inputs: torch.Tensor) -> torch.Tensor:
        """inputs [B x T] int64 -> logits [B x T x V]."""
        x = F.embedding(inputs, self.params["embedding"]) + self.positions  # no sqrt(E) scaling, as types.ts
        for i in range(self.layers):
            p = f"layers.{i}."
            x = self.layer_norm(x + self.attention(x, p + "attn."), p + "norm1.")
            hidden = F.relu(self.linear(x, p + "ffn.linear1."))
            x = self.layer_norm(x + self.linear(hidden, p + "ffn.linear2."), p + "norm2.")
        return self.linear(x, "classifier.")


def warmup_lr(step: int, settings: dict) -> float:
    """Learning rate of step `step` (from 1): linear warm-up over warmupSteps, then constant."""
    lr, warmup = settings["learningRate"], settings["warmupSteps"]
    return lr if warmup <= 0 or step >= warmup else lr * step / warmup


def main() -> None:
    job_path = Path(sys.argv[1])
    job = json.loads(job_path.read_text())
    arrays = load_arrays(job, job_path.parent)
    settings = job["settings"]
    ignore = job["ignoreTarget"]

    names = [e["name"] for e in job["arrays"] if e["dtype"] == "float32" and e["name"] != "positions"]
    params = {name: arrays[name].requires_grad_() for name in names}
    model = TinyTransformer(job, params, arrays["positions"])
    adam = job["adam"]
    optimizer = torch.optim.Adam(params.values(), lr=settings["learningRate"], betas=(adam["beta1"], adam["beta2"]), eps=adam["epsilon"])

    train_inputs = arrays["train.inputs"].long()  # [S x B x T]
    train_targets = arrays["train.targets"].long()
    held_inputs = arrays["heldOut.inputs"].long()  # [N x T]
    held_targets = arrays["heldOut.targets"].long()
    held_scored = held_targets != ignore
    vocab = job["config"]["vocab"]

    def evaluate() -> float:
        """Held-out token accuracy over the scored targets (arg-max of the logits)."""
        with torch.no_grad():
            predictions = model.forward(held_inputs).argmax(dim=-1)
        return ((predictions == held_targets) & held_scored).sum().item() / held_scored.sum().item()

    def step(number: int, inputs: torch.Tensor, targets: torch.Tensor) -> float:
        optimizer.zero_grad(set_to_none=True)
        logits = model.forward(inputs)
        loss = F.cross_entropy(logits.reshape(-1, vocab), targets.reshape(-1), ignore_index=ignore)
        loss.backward()
        if settings["clipNorm"] > 0:
            torch.nn.utils.clip_grad_norm_(params.values(), settings["clipNorm"])
        for group in optimizer.param_groups:
            group["lr"] = warmup_lr(number, settings)
        optimizer.step()
        return loss.item()

    max_steps, every, target = job["maxSteps"], job["evaluateEvery"], job["targetAccuracy"]
    train_seconds = 0.0
    steps = 0
    step_one_loss = math.nan
    reached: int | None = None
    accuracy = 0.0
    while steps < max_steps:
        if steps > 0 and steps % every == 0:
            accuracy = evaluate()
            if accuracy >= target:
                reached = steps
                break
        inputs, targets = train_inputs[steps], train_targets[steps]
        t0 = time.perf_counter()
        loss = step(steps + 1, inputs, targets)
        train_seconds += time.perf_counter() - t0
        steps += 1
        if steps == 1:
            step_one_loss = loss
    if reached is None:
        accuracy = evaluate()

    print(json.dumps({
        "stepOneLoss": step_one_loss,
        "stepsTo99": reached,
        "steps": steps,
        "trainSeconds": train_seconds,
        "msPerStep": 1000 * train_seconds / steps,
        "finalAccuracy": accuracy,
        "torch": f"torch {torch.__version__} (python {sys.version.split()[0]}), intra-op threads {torch.get_num_threads()}",
        "blas": blas_info(),
    }))


if __name__ == "__main__":
    main()
