#!/usr/bin/env python3
"""Gives the vocabulary the everyday Chinese characters it lacks, keeping its size and every other id (issue 40).

The 53,248-token vocabulary was counted on a corpus that was mostly classical poetry: 325 of the 3,755 characters of
GB 2312's first level (the common characters of modern Chinese: 妈, 奶, 爸, 姐, 啊, 吧's neighbours 啦 and 嘛, 蛋,
咖啡, 饺 …) are not tokens, so the model reads each as three UTF-8 byte tokens. The vocabulary also holds 1,320
characters that GB 2312 does not have at all (variants and rare characters of the poems). This swaps them in place:

    swap_tokens.py vocabulary --vocabulary OLD.json --corpus train.txt --out NEW.json --swaps SWAPS.json
        each missing first-level character takes the id of the Han token outside GB 2312 that is rarest in the
        training text (ties: the higher id); SWAPS.json lists id, old and new token and the old token's count
    swap_tokens.py weights --weights stable.pt --swaps SWAPS.json --out INIT.pt [--seed 40]
        the same weights with each swapped row of the (factorised) token table restarted as the mean row of the
        other Han characters plus noise of half their spread: a new character starts as "some Chinese character"
        and learns its own row from the text and from the uniform copies (train.py --uniform-copy-change)

Ids are unchanged for every other token, so the rest of the table, the body and English are untouched. Python's
gb2312 codec gives the character sets (level 1: bytes B0A1-D7F9; level 2: D8A1-F7FE).
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter


def gb2312(first_row: int, last_row: int) -> list[str]:
    out = []
    for hi in range(first_row, last_row + 1):
        for lo in range(0xA1, 0xFF):
            try:
                out.append(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return out


def is_han(token: str) -> bool:
    return len(token) == 1 and ("\u3400" <= token <= "\u9fff" or "\uf900" <= token <= "\ufaff")


def vocabulary(args) -> int:
    vocab = json.load(open(args.vocabulary, encoding="utf-8"))
    tokens = vocab["tokens"]
    level1 = gb2312(0xB0, 0xD7)
    both = set(level1) | set(gb2312(0xD8, 0xF7))
    present = set(tokens)
    adds = [ch for ch in level1 if ch not in present]
    counts = Counter(open(args.corpus, encoding="utf-8").read())
    candidates = sorted((i for i, t in enumerate(tokens) if is_han(t) and t not in both), key=lambda i: (counts[tokens[i]], -i))
    if len(candidates) < len(adds):
        print(f"only {len(candidates)} tokens to give up for {len(adds)} characters", file=sys.stderr)
        return 2
    swaps = []
    new_tokens = list(tokens)
    for ch, i in zip(adds, candidates):
        swaps.append({"id": i, "old": tokens[i], "new": ch, "old_count": counts[tokens[i]], "new_count": counts[ch]})
        new_tokens[i] = ch
    json.dump({**vocab, "tokens": new_tokens}, open(args.out, "w", encoding="utf-8"), ensure_ascii=False, separators=(",", ":"))
    open(args.out, "a", encoding="utf-8").write("\n")
    json.dump(swaps, open(args.swaps, "w", encoding="utf-8"), ensure_ascii=False, indent=0)
    given = sum(s["old_count"] for s in swaps)
    gained = sum(s["new_count"] for s in swaps)
    print(f"{len(swaps)} swaps: the tokens given up occur {given:,} times in the training text, the characters taken in {gained:,} times")
    return 0


def weights(args) -> int:
    import torch

    state = torch.load(args.weights)
    swaps = json.load(open(args.swaps, encoding="utf-8"))
    model = state["model"]
    key = "wte_factor.weight" if "wte_factor.weight" in model else "wte.weight"
    table = model[key].clone()
    swapped_ids = {s["id"] for s in swaps}
    swapped = torch.tensor([s["id"] for s in swaps])  # in the file's order: row k gets the k-th noise draw
    # the Han rows that stay (Han characters of the new vocabulary, not swapped) give the mean and spread
    vocab = json.load(open(args.vocabulary, encoding="utf-8"))["tokens"]
    han = torch.tensor([i for i, t in enumerate(vocab) if is_han(t) and i not in swapped_ids])
    rows = table[han]
    mean, spread = rows.mean(0), rows.std(0)
    g = torch.Generator().manual_seed(args.seed)
    table[swapped] = mean + 0.5 * spread * torch.randn(len(swaps), table.shape[1], generator=g)
    model[key] = table
    torch.save(state, args.out)
    print(f"{args.out}: {len(swaps)} rows of {key} restarted from the mean of {len(han)} Han rows (step {state.get('step')})")
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    v = sub.add_parser("vocabulary")
    v.add_argument("--vocabulary", required=True)
    v.add_argument("--corpus", required=True, help="the training text (npm run lm:corpus's train.txt)")
    v.add_argument("--out", required=True)
    v.add_argument("--swaps", required=True)
    w = sub.add_parser("weights")
    w.add_argument("--weights", required=True)
    w.add_argument("--swaps", required=True)
    w.add_argument("--vocabulary", required=True, help="the new vocabulary (after the swap)")
    w.add_argument("--out", required=True)
    w.add_argument("--seed", type=int, default=40)
    args = p.parse_args(argv)
    return vocabulary(args) if args.command == "vocabulary" else weights(args)


if __name__ == "__main__":
    sys.exit(main())
