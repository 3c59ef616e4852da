#!/usr/bin/env python3
"""Checks of train.py that need PyTorch (run by hand where python3-torch is installed; CI has no torch):

    /usr/bin/python3 scripts/lm/check_train.py

- TiedCrossEntropy gives F.cross_entropy's loss and gradients on logits = x @ w.T, also for a target whose
  probability underflows float32;
- a quick run, its weights saved with --save-weights, and a run started from them with --init-from on a fresh --out
  (what a new machine does) continues at the same step with the probe log carried over, warming up again;
- a decay branch writes branch.pt and leaves checkpoint.pt as it was;
- a factorised embedding (--embed-factor): forward's logits are h . table^T for the rebuilt V x E table, the loss is
  F.cross_entropy's, the export's int8 table reads back within a step of the row's scale, and --no-table-decay leaves
  the table out of weight decay.
"""
import json
import os
import sys
import tempfile

import numpy as np
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


def check_uniform_copies() -> None:
    """Issue 40's uniform copies: with share 0 the batch is the one drawn before the option existed; with share 1 every
    repeated span is uniform tokens, the same in both copies; the mix of a step is the one in force at it."""
    tokens = {name: (np.arange(5000) % 300 + 257).astype(np.int64) for name in train.mix_sources(train.Config())}
    c = train.Config(batch=16, context=32, vocab_size=60000, repeat_prob=1.0, repeat_min=8, repeat_max=8)
    plain = train.batch_for_step(tokens, c, 7)
    c.uniform_copy_changes = "5:0.0"
    assert (train.batch_for_step(tokens, c, 7) == plain).all()
    c.uniform_copy_changes = "5:1.0"
    swapped = train.batch_for_step(tokens, c, 7)
    changed = swapped != plain
    assert changed.any() and (swapped[changed] >= 557).mean() > 0.9, "the swapped tokens are drawn from the whole vocabulary"
    for row in swapped:
        for src in range(len(row)):
            if row[src] >= 557:  # a uniform token: its copy is 8 + gap positions later, somewhere in the row
                assert (row[src + 1 :] == row[src]).any()
                break
    c.mixes = [{"from_step": 10, "sources": ["fortunes"], "weights": [1.0]}]
    assert train.mix_at(c, 9)["sources"] == train.LEGACY_MIX["sources"] and train.mix_at(c, 10)["sources"] == ["fortunes"]
    print("uniform copies: ok")


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


def check_factorised(data: str) -> None:

    from export import read_model_file, tensors_of, write_model_file

    torch.manual_seed(0)
    c = train.Config(n_layer=1, n_head=2, n_embd=16, ffn_dim=32, context=12, embed_factor=4)
    model = train.GPT(c, 300)
    ids = torch.randint(0, 300, (2, 13))
    logits, _ = model(ids[:, :-1])
    h, _ = model.hidden(ids[:, :-1])
    assert (logits - h @ model.token_table().T).abs().max() < 1e-5
    expected = F.cross_entropy(logits.reshape(-1, 300), ids[:, 1:].reshape(-1))
    assert abs(model.loss(ids).item() - expected.item()) < 1e-5, (model.loss(ids).item(), expected.item())
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "m.bin")
        vocabulary = {"tokens": [str(i) for i in range(300)]}
        config = {"vocab_size": 300, "embed_dim": 16, "embed_factor": 4}
        write_model_file(path, config, tensors_of(model.state_dict(), 1), vocabulary, {})
        _, t = read_model_file(path)
        table = model.token_table().detach().numpy().astype(np.float64)
        step = np.abs(model.wte_factor.weight.detach().numpy()).max(axis=1) / 127  # one int8 step of each row
        bound = (step[:, None] * np.abs(model.wte_proj.weight.detach().numpy().T).sum(axis=0)[None, :]) * 0.51 + 1e-3 * np.abs(table)
        assert (np.abs(t["wte"] - table) <= bound).all(), np.abs(t["wte"] - table).max()
        a = os.path.join(tmp, "a")
        quick = ["--data", data, "--quick", "--embed-factor", "4", "--no-table-decay", "--out", a, "--steps", "10"]
        assert train.main(quick) == 0
        state = torch.load(os.path.join(a, "checkpoint.pt"))
        assert state["config"]["table_weight_decay"] is False and "wte_factor.weight" in state["model"]
        groups = state["optimizer"]["param_groups"]
        quick_model = train.GPT(train.Config(**state["config"]), state["vocab_size"])
        vectors = sum(1 for p_ in quick_model.parameters() if p_.dim() < 2)
        assert [g["weight_decay"] for g in groups] == [0.1, 0.0] and len(groups[1]["params"]) == vectors + 1  # the 1-D ones and the table
    print("factorised: logits = h . table^T, the loss is F.cross_entropy's, the int8 export reads back, the table is out of weight decay")


if __name__ == "__main__":
    check_cross_entropy()
    check_uniform_copies()
    check_factorised(sys.argv[1] if len(sys.argv) > 1 else ".cache/lm-data")
    check_resume(sys.argv[1] if len(sys.argv) > 1 else ".cache/lm-data")
