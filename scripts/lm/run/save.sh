#!/usr/bin/env bash
# The end of a training session: the stable weights saved for the next machine to resume from, and (unless
# --no-ship) a decay branch from the stable run, exported as the app's model, measured, with the PyTorch fixtures of
# the shipped weights.
#
#   bash scripts/lm/run/save.sh [DECAY_STEPS]     (npm run lm:save -- …; default 800 steps, as the shipped branch)
#   bash scripts/lm/run/save.sh --no-ship         (npm run lm:save -- --no-ship: the resumable state only)
#
# Stop resume.sh first (Ctrl-C / SIGTERM: it checkpoints). Both write scripts/lm/run/{stable.pt,vocabulary.json,
# log.jsonl}. Without --no-ship it also writes public/models/lm/model.bin, tests/fixtures/causal_lm_shipped_*.json and
# scripts/lm/run/{branch-log.jsonl,eval.txt}: that ships a model. Compare the branch's eval.txt (and `npm run lm --
# everyday`) with the shipped one before committing: the stable run's scores swing between probes.
set -euo pipefail
cd "$(dirname "$0")/../../.."
PY=/usr/bin/python3
RUN=scripts/lm/run
SHIP=1
DECAY=800
for arg in "$@"; do
  case "$arg" in
    --no-ship) SHIP=0 ;;
    *[!0-9]*) echo "usage: save.sh [DECAY_STEPS] | save.sh --no-ship" >&2; exit 2 ;;
    *) DECAY="$arg" ;;
  esac
done
"$PY" scripts/lm/train.py --out .cache/lm-train --save-weights "$RUN/stable.pt"
cp .cache/lm-data/vocabulary.json "$RUN/vocabulary.json"
cp .cache/lm-train/log.jsonl "$RUN/log.jsonl"
if [ "$SHIP" = 0 ]; then
  echo "saved the resumable state ($RUN/stable.pt, vocabulary.json, log.jsonl); no model exported or shipped"
  exit 0
fi
"$PY" scripts/lm/train.py --out .cache/lm-train --decay-branch "$DECAY"
cp .cache/lm-train/branch-log.jsonl "$RUN/branch-log.jsonl"
"$PY" scripts/lm/export.py --train .cache/lm-train --checkpoint branch.pt
"$PY" scripts/lm/make_shipped_fixture.py
npm run --silent lm -- eval .cache/lm-data/heldout-lines.txt | tee "$RUN/eval.txt"
