/**
 * The bench's PyTorch peer: finds a Python with torch (Debian's /usr/bin/python3, or $PYTHON), hands
 * torchTrainer.py a job (torchJob.ts) in a temporary folder, and reads back the one JSON line it prints.
 * It runs as another process, after ours and tfjs, so unlike those two it cannot take turns with them step by step.
 *
 * Debian's torch multiplies with whatever libblas.so.3 the system selects: the reference BLAS (libblas3, netlib's
 * unblocked loops, several times slower) or OpenBLAS. torchBlas.py reads which one the running process really
 * calls; the bench measures PyTorch only on OpenBLAS (`blasVerdict`), since a ratio against reference-BLAS PyTorch
 * would flatter our engine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeTorchJob, type TorchJob } from './torchJob';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SCRIPT = path.join(HERE, 'torchTrainer.py');
const BLAS_SCRIPT = path.join(HERE, 'torchBlas.py');
/** Debian's OpenBLAS with its own thread pool: the package the PyTorch peer needs (it provides libblas.so.3). */
export const OPENBLAS_PACKAGE = 'libopenblas0-pthread';
const OPENBLAS_LIBBLAS = '/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3';
/** A run of 600 steps takes seconds; this only keeps a hung interpreter from hanging the bench. */
const RUN_TIMEOUT_MS = 15 * 60 * 1000;
/**
 * One thread in the math libraries too, whatever the shell says (the script also calls set_num_threads(1)); and no
 * __pycache__ folder left in scripts/bench/train by torchTrainer.py importing torchBlas.py.
 */
const ONE_THREAD_ENV = { OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1', OPENBLAS_NUM_THREADS: '1', PYTHONDONTWRITEBYTECODE: '1' };

/** What torchBlas.py found: the BLAS whose sgemm_ libtorch_cpu calls, in the process that ran it. */
export interface TorchBlas {
  readonly kind: 'openblas' | 'reference' | 'mkl' | 'blis' | 'atlas' | 'unknown';
  /** The file defining sgemm_ as the loader named it (e.g. /lib/x86_64-linux-gnu/libblas.so.3), and with links followed. */
  readonly sgemm: string | null;
  readonly resolved: string | null;
  /** openblas_get_config() and openblas_get_num_threads(), when it is OpenBLAS. */
  readonly openblasConfig: string | null;
  readonly openblasThreads: number | null;
  /** Every BLAS-like library mapped into the process. */
  readonly mapped: readonly string[];
}

export type TorchAvailability =
  | { readonly available: true; readonly python: string; readonly version: string; readonly blas: TorchBlas }
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
  /** The BLAS of the process that trained. */
  readonly blas: TorchBlas;
}

export function detectTorch(): TorchAvailability {
  const python = process.env.PYTHON ?? '/usr/bin/python3';
  const probe = spawnSync(python, ['-c', 'import torch; print(torch.__version__)'], { encoding: 'utf8', timeout: 60_000 });
  if (probe.error) return { available: false, reason: `${python} could not be run (${probe.error.message})` };
  if (probe.status !== 0) {
    const lastLine = probe.stderr.trim().split('\n').pop() ?? '';
    return { available: false, reason: `${python} -c "import torch" failed${lastLine ? `: ${lastLine}` : ''}` };
  }
  // The BLAS as the peer will run it: same interpreter, same one-thread environment.
  const blasProbe = spawnSync(python, [BLAS_SCRIPT], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...ONE_THREAD_ENV } });
  let blas: TorchBlas = { kind: 'unknown', sgemm: null, resolved: null, openblasConfig: null, openblasThreads: null, mapped: [] };
  if (!blasProbe.error && blasProbe.status === 0) {
    const line = blasProbe.stdout.trim().split('\n').pop() ?? '';
    try {
      const value: unknown = JSON.parse(line);
      if (isRecord(value)) blas = parseBlas(value.blas);
    } catch {
      // left as unknown: the verdict then refuses to measure
    }
  }
  return { available: true, python, version: probe.stdout.trim(), blas };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const BLAS_KINDS: readonly TorchBlas['kind'][] = ['openblas', 'reference', 'mkl', 'blis', 'atlas', 'unknown'];

/** torchBlas.py's blas_info(), checked field by field. */
function parseBlas(raw: unknown): TorchBlas {
  if (!isRecord(raw)) throw new Error(`torchBlas.py: blas is ${JSON.stringify(raw)}, not an object`);
  const text = (key: string): string | null => (typeof raw[key] === 'string' ? raw[key] : null);
  const kind = BLAS_KINDS.find((k) => k === raw.kind) ?? 'unknown';
  return {
    kind,
    sgemm: text('sgemm'),
    resolved: text('resolved'),
    openblasConfig: text('openblasConfig'),
    openblasThreads: typeof raw.openblasThreads === 'number' ? raw.openblasThreads : null,
    mapped: Array.isArray(raw.mapped) ? raw.mapped.filter((p): p is string => typeof p === 'string') : [],
  };
}

/** Whether Debian's package is installed (dpkg says "install ok installed"); null where dpkg cannot be asked. */
export function debianPackageInstalled(name: string): boolean | null {
  const query = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8', timeout: 30_000 });
  if (query.error) return null;
  return query.status === 0 && query.stdout.trim() === 'install ok installed';
}

/** `pytorch_blas : openblas (/usr/lib/…/libblas.so.3; OpenBLAS 0.3.21 … ; 1 thread)`. */
export function blasLine(blas: TorchBlas): string {
  const file = blas.resolved ?? blas.sgemm ?? (blas.mapped.join(', ') || 'no BLAS library found mapped');
  const via = blas.sgemm && blas.resolved && blas.sgemm !== blas.resolved ? `${blas.sgemm} → ${blas.resolved}` : file;
  const details = blas.openblasConfig ? `; ${blas.openblasConfig}; ${blas.openblasThreads ?? '?'} thread${blas.openblasThreads === 1 ? '' : 's'}` : '';
  const note = blas.kind === 'reference' ? "Debian's netlib libblas3: " : '';
  return `pytorch_blas : ${blas.kind} (${note}${via}${details})`;
}

/**
 * Whether PyTorch's times make a fair peer: only on OpenBLAS. Otherwise `why` says what it runs on, why a ratio
 * against it would mislead, and how to get OpenBLAS (`installed`: whether libopenblas0-pthread is there already).
 */
export function blasVerdict(blas: TorchBlas, installed: boolean | null): { readonly fair: true } | { readonly fair: false; readonly why: string } {
  if (blas.kind === 'openblas') return { fair: true };
  const what =
    blas.kind === 'reference'
      ? "Debian's reference BLAS (libblas3: netlib's unblocked loops, several times slower than an optimized BLAS)"
      : blas.kind === 'unknown'
        ? 'a BLAS this bench could not identify'
        : `${blas.kind}, not the OpenBLAS this bench's PyTorch figures are measured with`;
  const file = blas.resolved ?? blas.sgemm;
  const fix =
    file !== null && !/^\/(usr\/)?lib\//.test(file)
      ? `note that it comes from ${file}, outside the system's library folders (LD_LIBRARY_PATH or LD_PRELOAD?): unset that, and if need be apt-get install -y ${OPENBLAS_PACKAGE}`
      : installed === false
        ? `install OpenBLAS, which then provides libblas.so.3: apt-get install -y ${OPENBLAS_PACKAGE}`
        : installed === true
          ? `${OPENBLAS_PACKAGE} is installed but not selected; select it: update-alternatives --set libblas.so.3-x86_64-linux-gnu ${OPENBLAS_LIBBLAS}`
          : `install Debian's OpenBLAS: apt-get install -y ${OPENBLAS_PACKAGE}`;
  return {
    fair: false,
    why: `PyTorch here multiplies with ${what}, so a ratio ours ÷ pytorch would be unfair to PyTorch; it is skipped, not printed. To measure it, ${fix}`,
  };
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
    blas: parseBlas(value.blas),
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
