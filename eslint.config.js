import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', 'src/engine/wasm/*.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // The engine is pure computation: no UI libraries, no DOM.
    files: ['src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', 'd3', 'd3-*', 'zustand', 'zustand/*'] }],
    },
  },
  {
    // Layers point one way: engine < state < i18n < components < lessons / widgets / guide / playground < app.
    // The state (stores, URL, storage) may use the engine, never the interface or a feature above it.
    files: ['src/state/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/i18n/*', '**/components/*', '**/lessons/*', '**/widgets/*', '**/guide/*', '**/playground/*', '**/App'], message: 'src/state sits below the interface: it may import only the engine and other state modules.' },
          ],
        },
      ],
    },
  },
);
