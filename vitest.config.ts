import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    environment: 'jsdom',
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    setupFiles: ['tests/setup.ts'],
    // Waiting budgets, not speed checks: on a shared or oversubscribed machine a heavy test (a training run, a lesson
    // that loads its chunk) can take several times its usual second or two, and the 5 s default then fails it.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
