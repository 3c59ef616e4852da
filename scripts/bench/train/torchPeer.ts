/**
 * The bench's PyTorch peer: finds a Python with torch (Debian's /usr/bin/python3, or $PYTHON), hands
 * torchTrainer.py a job (torchJob.ts) in a temporary folder, and reads back the one JSON line it prints.
 * It runs as another process, after ours and tfjs, so unlike those two it cannot take turns with them step by step.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTorchJob, type TorchJob } from './torchJob';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'torchTrainer.py');
/** A run of 600 steps takes seconds; this only keeps a hung interpreter from hanging the bench. */
const RUN_TIMEOUT_MS = 15 * 60 * 1000;
/** One thread in the math libraries too, whatever the shell says (the script also calls set_num_threads(1)). */
const ONE_THREAD_ENV = { OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1' };

export type TorchAvailability =
  | { readonly available: true; readonly python: string; readonly version: string }
  | { readonly available: false; readonly reason: string };

export interface TorchResult {
  readonly stepOneLoss: number;
  /** Steps when held-out accuracy first reached the target (a multiple of evaluateEvery), or null. */
  readonly stepsTo99: number | null;
  readonly steps: number;
  /** Sum of the timed steps, up to stepsTo99 (or all steps taken). */
  readonly trainSeconds: number;
  readonly msPerStep: number;
  readonly finalAccuracy: number;
  /** torch and python versions, threads. */
  readonly torch: string;
}

export function detectTorch(): TorchAvailability {
  const python = process.env.PYTHON ?? '/usr/bin/python3';
  const probe = spawnSync(python, ['-c', 'import torch; print(torch.__version__)'], { encoding: 'utf8', timeout: 60_000 });
  if (probe.error) return { available: false, reason: `${python} could not be run (${probe.error.message})` };
  if (probe.status !== 0) {
    const lastLine = probe.stderr.trim().split('\n').pop() ?? '';
    return { available: false, reason: `${python} -c "import torch" failed${lastLine ? `: ${lastLine}` : ''}` };
  }
  return { available: true, python, version: probe.stdout.trim() };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The script's result line, checked field by field (it comes from another program). */
function parseResult(stdout: string): TorchResult {
  const line = stdout.trim().split('\n').reverse().find((l) => l.startsWith('{'));
  if (line === undefined) throw new Error(`torchTrainer.py printed no JSON line; its output was:\n${stdout}`);
  const value: unknown = JSON.parse(line);
  if (!isRecord(value)) throw new Error(`torchTrainer.py printed ${line}, not an object`);
  const num = (key: string): number => {
    const v = value[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`torchTrainer.py: ${key} is ${JSON.stringify(v)}, not a finite number`);
    return v;
  };
  const reached = value.stepsTo99 === null ? null : num('stepsTo99');
  if (typeof value.torch !== 'string') throw new Error('torchTrainer.py: no torch version in its result');
  return {
    stepOneLoss: num('stepOneLoss'),
    stepsTo99: reached,
    steps: num('steps'),
    trainSeconds: num('trainSeconds'),
    msPerStep: num('msPerStep'),
    finalAccuracy: num('finalAccuracy'),
    torch: value.torch,
  };
}

/** Trains the job in PyTorch and returns what the script measured; throws if the run fails. */
export function runTorchPeer(python: string, job: TorchJob): TorchResult {
  const dir = mkdtempSync(path.join(tmpdir(), 'attention-lab-torch-'));
  try {
    const jobPath = writeTorchJob(dir, job);
    const run = spawnSync(python, [SCRIPT, jobPath], {
      encoding: 'utf8',
      env: { ...process.env, ...ONE_THREAD_ENV },
      timeout: RUN_TIMEOUT_MS,
      maxBuffer: 16 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (run.error) throw new Error(`torchTrainer.py could not be run: ${run.error.message}`);
    if (run.status !== 0) throw new Error(`torchTrainer.py exited with status ${String(run.status)}${run.signal ? ` (${run.signal})` : ''}`);
    return parseResult(run.stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
