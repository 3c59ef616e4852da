#!/usr/bin/env bash
# The language model's training run in one command, resumable on this machine or a new one:
#
#   bash scripts/lm/run/resume.sh [--until-tokens N]      (npm run lm:train -- …)
#
# 1. the corpus and token files, if .cache/lm-data has none, tokenized with the committed vocabulary
#    (scripts/lm/run/vocabulary.json) so the ids are the ones the weights were trained with;
# 2. training: from .cache/lm-train/checkpoint.pt when this machine has one, else from the committed weights
#    (scripts/lm/run/stable.pt, written at the end of each session by save.sh), else from scratch with RECIPE;
#    it runs until --until-tokens (default: forever; stop it with Ctrl-C or SIGTERM, which checkpoints).
#
# The recipe below is the run's; a resumed run keeps the recipe stored with its weights.
set -euo pipefail
cd "$(dirname "$0")/../../.."
PY=/usr/bin/python3
RUN=scripts/lm/run
RECIPE=(--batch 8 --lr 1.5e-3 --lr-changes 9708:2.5e-3 --warmup 300 --schedule wsd --random-repeat-prob 0.1 --steps 100000000 --probe-every 500 --checkpoint-every 250)

UNTIL=""
while [ $# -gt 0 ]; do
  case "$1" in
    --until-tokens) UNTIL="$2"; shift 2 ;;
    *) echo "usage: resume.sh [--until-tokens N]" >&2; exit 2 ;;
  esac
done

if [ ! -f .cache/lm-data/vocabulary.json ]; then
  npm run lm:corpus
  if [ -f "$RUN/vocabulary.json" ]; then npm run lm:data -- --vocabulary "$RUN/vocabulary.json"; else npm run lm:data; fi
fi
if [ -f "$RUN/vocabulary.json" ] && ! cmp -s "$RUN/vocabulary.json" .cache/lm-data/vocabulary.json; then
  echo "the token files in .cache/lm-data were made with another vocabulary than $RUN/vocabulary.json: re-tokenizing" >&2
  npm run lm:data -- --vocabulary "$RUN/vocabulary.json"
fi

# the copy probe's phrases in this vocabulary's ids (train.py logs how many the model copies)
npm run --silent lm -- phrases .cache/lm-data/vocabulary.json > .cache/lm-data/copy-phrases.json

ARGS=("${RECIPE[@]}" --out .cache/lm-train)
[ -f .cache/lm-train/checkpoint.pt ] || [ ! -f "$RUN/stable.pt" ] || ARGS+=(--init-from "$RUN/stable.pt")
if [ -n "$UNTIL" ]; then ARGS+=(--stop-at $(( UNTIL / (8 * 128) ))); fi
exec "$PY" scripts/lm/train.py "${ARGS[@]}"
