#!/usr/bin/env bash
# The end of a training session: a decay branch from the stable run, exported as the app's model, measured, with
# the PyTorch fixtures of the shipped weights; and the stable weights saved for the next machine to resume from.
#
#   bash scripts/lm/run/save.sh [DECAY_STEPS]      (npm run lm:save -- …; default 800 steps, as the shipped branch)
#
# Stop resume.sh first (Ctrl-C / SIGTERM: it checkpoints). Writes public/models/lm/model.bin,
# tests/fixtures/causal_lm_shipped_*.json, scripts/lm/run/{stable.pt,vocabulary.json,log.jsonl,branch-log.jsonl,eval.txt}.
# Compare the branch's eval.txt with the shipped one before committing: the stable run's scores swing between probes.
set -euo pipefail
cd "$(dirname "$0")/../../.."
PY=/usr/bin/python3
RUN=scripts/lm/run
DECAY=${1:-800}
"$PY" scripts/lm/train.py --out .cache/lm-train --save-weights "$RUN/stable.pt"
cp .cache/lm-data/vocabulary.json "$RUN/vocabulary.json"
cp .cache/lm-train/log.jsonl "$RUN/log.jsonl"
"$PY" scripts/lm/train.py --out .cache/lm-train --decay-branch "$DECAY"
cp .cache/lm-train/branch-log.jsonl "$RUN/branch-log.jsonl"
"$PY" scripts/lm/export.py --train .cache/lm-train --checkpoint branch.pt
"$PY" scripts/lm/make_shipped_fixture.py
npm run --silent lm -- eval .cache/lm-data/heldout-lines.txt | tee "$RUN/eval.txt"
