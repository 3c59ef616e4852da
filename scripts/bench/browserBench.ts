// What the browser benchmarks (npm run bench:ui, bench:embed) share: Debian's Chromium with the flags this
// machine needs (as in playwright.config.ts), and `vite preview` of dist/ on a port of their own.
import { spawn } from 'node:child_process';
import { chromium, type Browser } from 'playwright-core';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Starts `vite preview` of dist/ on 127.0.0.1:port and waits until it can answer; returns the function that stops it. */
export async function startPreview(port: number): Promise<() => void> {
  const server = spawn('node_modules/.bin/vite', ['preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], { stdio: 'ignore', detached: true });
  await new Promise((r) => setTimeout(r, 1500));
  return () => {
    try {
      if (server.pid) process.kill(-server.pid);
    } catch {
      // the preview server already exited (e.g. its port was taken); the benchmark's own error says why
    }
  };
}
