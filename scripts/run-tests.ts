// npm test: unit and component tests (Vitest), the PyTorch golden check, then the browser tests (Playwright,
// Debian's Chromium). Ends with one "N passed, N failed" line over all three.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface Tally {
  readonly name: string;
  readonly passed: number;
  readonly failed: number;
  /** What failed, one line each, repeated at the very end: a CI log is often read from its tail only. */
  readonly failures?: readonly string[];
}

interface VitestReport {
  readonly numPassedTests: number;
  readonly numFailedTests: number;
  readonly numFailedTestSuites: number;
  readonly testResults: readonly {
    readonly name: string;
    readonly status: string;
    readonly message?: string;
    readonly assertionResults: readonly { readonly fullName: string; readonly status: string; readonly failureMessages: readonly string[] }[];
  }[];
}

function firstLine(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- strips the terminal colours vitest puts in messages
  return (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 300) ?? '';
}

function vitestFailures(report: VitestReport): string[] {
  const lines: string[] = [];
  for (const file of report.testResults) {
    const failedTests = file.assertionResults.filter((a) => a.status === 'failed');
    for (const a of failedTests) lines.push(`${file.name.replace(process.cwd() + '/', '')} › ${a.fullName}: ${firstLine(a.failureMessages[0])}`);
    if (file.status === 'failed' && failedTests.length === 0) lines.push(`${file.name.replace(process.cwd() + '/', '')}: ${firstLine(file.message)}`);
  }
  return lines;
}

const work = mkdtempSync(join(tmpdir(), 'attention-lab-tests-'));
const bin = (tool: string): string => join('node_modules', '.bin', tool);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): { status: number; stdout: string } {
  const result = spawnSync(command, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env }, encoding: 'utf8' });
  process.stdout.write(result.stdout ?? '');
  return { status: result.status ?? 1, stdout: result.stdout ?? '' };
}

function vitest(): Tally {
  const out = join(work, 'vitest.json');
  const { status } = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  if (!existsSync(out)) return { name: 'vitest', passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(out, 'utf8')) as VitestReport;
  const failed = report.numFailedTests + report.numFailedTestSuites;
  return { name: 'vitest', passed: report.numPassedTests, failed: status !== 0 && failed === 0 ? 1 : failed, failures: vitestFailures(report) };
}

function golden(): Tally {
  const { status, stdout } = run(bin('tsx'), ['scripts/golden.ts', 'tests/fixtures']);
  const m = /(\d+) passed, (\d+) failed\s*$/.exec(stdout);
  if (!m) return { name: 'golden', passed: 0, failed: 1 };
  return { name: 'golden', passed: Number(m[1]), failed: Number(m[2]) + (status !== 0 && m[2] === '0' ? 1 : 0) };
}

function e2e(): Tally | null {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    const why = `no Chromium at ${chromium} (install it with: apt-get install -y chromium)`;
    if (process.env.CI) {
      console.error(`browser tests cannot run: ${why}`);
      return { name: 'e2e', passed: 0, failed: 1 };
    }
    console.warn(`browser tests skipped: ${why}`);
    return null;
  }
  const out = join(work, 'playwright.json');
  const { status } = run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  if (!existsSync(out)) return { name: 'e2e', passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(out, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
  const failed = report.stats.unexpected;
  return { name: 'e2e', passed: report.stats.expected + report.stats.flaky, failed: status !== 0 && failed === 0 ? 1 : failed };
}

const tallies = [vitest(), golden(), e2e()].filter((t): t is Tally => t !== null);
for (const t of tallies) for (const line of t.failures ?? []) console.log(`FAILED ${t.name}: ${line}`);
for (const t of tallies) console.log(`${t.name}: ${t.passed} passed, ${t.failed} failed`);
const passed = tallies.reduce((s, t) => s + t.passed, 0);
const failed = tallies.reduce((s, t) => s + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
