#!/usr/bin/env bash
# The language model's training run in one command, resumable on this machine or a new one:
#
#   bash scripts/lm/run/resume.sh [--until-tokens N]      (npm run lm:train -- …)
#
# 1. the corpus and token files, if .cache/lm-data has none, tokenized with the committed vocabulary
#    (scripts/lm/run/vocabulary.json, 53,248 tokens) so the ids are the ones the weights were trained with;
# 2. training: from .cache/lm-train/checkpoint.pt when this machine has one, else from the committed weights
#    (scripts/lm/run/stable.pt, written at the end of each session by save.sh), else from the start of this run:
#    transplant.py moves the first run (8,192-token vocabulary, base-8k.pt, 26.0 M tokens) onto the new vocabulary
#    with a factorised embedding (RANK below); it runs until --until-tokens (default: forever; stop it with Ctrl-C or
#    SIGTERM, which checkpoints).
#
# The recipe is stored with the weights (the transplant writes the first run's: batch 8, wsd at its last stable rate
# 2.5e-3, the same data mix and repeats); a resumed run keeps it.
#
# Issue 40 (2026-12-06): weights from before it (stable.pt with no token_swaps in its config) first get the 325
# swapped rows of the vocabulary restarted (swap_tokens.py weights, token-swaps.json), and the run goes on with the
# new data mix (--new-mix: SOURCES of train.py / sources.ts) and uniform copies in the repeated spans
# (--uniform-copy-change $UNIFORM_COPY); all three are recorded in the config stored with the weights, so weights
# saved after it (save.sh --no-ship) resume as they are. The first run itself came from train.py's defaults
# with the arguments in scripts/lm/run/README.md (it needs vocabulary-8k.json's token files).
set -euo pipefail
cd "$(dirname "$0")/../../.."
PY=/usr/bin/python3
RUN=scripts/lm/run
RANK=48
SEED=4321
UNIFORM_COPY=0.25

UNTIL=""
while [ $# -gt 0 ]; do
  case "$1" in
    --until-tokens) UNTIL="$2"; shift 2 ;;
    *) echo "usage: resume.sh [--until-tokens N]" >&2; exit 2 ;;
  esac
done

if [ ! -f .cache/lm-data/vocabulary.json ]; then
  npm run lm:corpus
  npm run lm:data -- --vocabulary "$RUN/vocabulary.json"
fi
if ! cmp -s "$RUN/vocabulary.json" .cache/lm-data/vocabulary.json; then
  echo "the token files in .cache/lm-data were made with another vocabulary than $RUN/vocabulary.json: re-tokenizing" >&2
  npm run lm:data -- --vocabulary "$RUN/vocabulary.json"
fi

# the copy probe's phrases in this vocabulary's ids (train.py logs how many the model copies)
npm run --silent lm -- phrases .cache/lm-data/vocabulary.json > .cache/lm-data/copy-phrases.json

ARGS=(--out .cache/lm-train --threads 1 --embed-factor "$RANK" --seed "$SEED")
if [ ! -f .cache/lm-train/checkpoint.pt ]; then
  if [ -f "$RUN/stable.pt" ] && [ -z "$("$PY" -c "import torch, sys; print(torch.load(sys.argv[1])['config'].get('token_swaps', ''))" "$RUN/stable.pt")" ]; then
    "$PY" scripts/lm/swap_tokens.py weights --weights "$RUN/stable.pt" --swaps "$RUN/token-swaps.json" \
      --vocabulary "$RUN/vocabulary.json" --out .cache/lm-data/swapped.pt
    ARGS+=(--init-from .cache/lm-data/swapped.pt --token-swaps "token-swaps.json:$(grep -c '"id"' "$RUN/token-swaps.json")"
           --new-mix --uniform-copy-change "$UNIFORM_COPY")
  elif [ -f "$RUN/stable.pt" ]; then
    ARGS+=(--init-from "$RUN/stable.pt")
  else
    npx tsx scripts/lm/pieces.ts "$RUN/vocabulary-8k.json" "$RUN/vocabulary.json" > .cache/lm-data/pieces-8k.json
    "$PY" scripts/lm/transplant.py --from "$RUN/base-8k.pt" --pieces .cache/lm-data/pieces-8k.json --data .cache/lm-data \
      --embed-factor "$RANK" --seed "$SEED" --out .cache/lm-data/transplant.pt
    ARGS+=(--init-from .cache/lm-data/transplant.pt)
  fi
fi
if [ -n "$UNTIL" ]; then ARGS+=(--stop-at $(( UNTIL / (8 * 128) ))); fi
exec "$PY" scripts/lm/train.py "${ARGS[@]}"
