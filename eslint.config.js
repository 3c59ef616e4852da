import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Layers point one way: engine < state < i18n < shared < components < lessons / widgets / guide / playground < app.
 * A folder may import its own layer and those below it; the four features never import one another; the app (the
 * files directly in src/: App.tsx, main.tsx, the other entry points, messages.ts, styles.css) may import anything.
 * tests/ and scripts/ are not restricted.
 */
const BELOW = {
  engine: [],
  state: ['engine'],
  i18n: ['engine', 'state'],
  shared: ['engine', 'state', 'i18n'],
  components: ['engine', 'state', 'i18n', 'shared'],
  lessons: ['engine', 'state', 'i18n', 'shared', 'components'],
  widgets: ['engine', 'state', 'i18n', 'shared', 'components'],
  guide: ['engine', 'state', 'i18n', 'shared', 'components'],
  playground: ['engine', 'state', 'i18n', 'shared', 'components'],
};

// The engine is pure computation: no UI libraries, no DOM.
const ENGINE_LIBRARIES = { group: ['react', 'react-dom', 'd3', 'd3-*', 'zustand', 'zustand/*'], message: 'src/engine is pure computation: no UI libraries.' };

/*
 * Only the engine assembles a forward pass: outside src/engine a run comes from the engine's models
 * (encoderModel(config).run and its one-off runs, kvCacheRun), never from the parts they are made of. Matched per
 * folder depth like the layers (the engine's index or the files that define them); `importNames` also catches
 * `import * as engine` and re-exports.
 */
const FORWARD_PASS_PARTS = ['embedTokens', 'addPositionalEncoding', 'createModel'];
function forwardPassParts(depth) {
  return {
    regex: `^(?:\\.\\./){${depth}}engine(?:/(?:index|embedding|positionalEncoding|model)(?:\\.ts)?)?$`,
    importNames: FORWARD_PASS_PARTS,
    message: 'Only src/engine assembles a forward pass: ask one of its models for the run (encoderModel(config), kvCacheRun in engine/decoding) instead of embedding, adding positions and drawing weights here.',
  };
}

// Deeper than any folder in src/ today, with room to grow.
const MAX_DEPTH = 6;

/**
 * One config per layer and folder depth. A relative specifier means a different folder from each depth
 * (`../widgets/x` is src/widgets/x from src/lessons/a.ts but src/lessons/widgets/x from src/lessons/content/b.ts),
 * so each depth gets the regex for "climb exactly to src/, then name anything but an allowed layer": that matches an
 * upward or sideways import at any depth (`../../lessons/route`, `../lessons`, `../styles.css`) and nothing inside
 * the folder. Specifiers that climb out of src/ are left alone.
 */
function layerRules() {
  return Object.entries(BELOW).flatMap(([layer, below]) => {
    const allowed = [...below, layer];
    const message = `src/${layer} may import only ${allowed.join(', ')} (layers point one way: engine < state < i18n < shared < components < lessons / widgets / guide / playground < app; features never import each other). Move what both sides need down (e.g. into src/shared) or wire it in the app.`;
    return Array.from({ length: MAX_DEPTH }, (_, i) => {
      const depth = i + 1;
      const regex = `^(?:\\.\\./){${depth}}(?!(?:${allowed.join('|')})(?:/|$)|\\.\\./)`;
      const patterns = [{ regex, caseSensitive: true, message }];
      if (layer === 'engine') patterns.push(ENGINE_LIBRARIES);
      else patterns.push(forwardPassParts(depth));
      return {
        files: [`src/${layer}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
        rules: { 'no-restricted-imports': ['error', { patterns }] },
      };
    });
  });
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.cache/', 'src/engine/wasm/*.generated.ts'] },
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
  ...layerRules(),
  {
    // Views get data, never a model to run: a run, a baseline or a variant is asked of the state layer
    // (src/state/computeLab.ts, labVariants.ts), where it is computed once and shared.
    files: ['src/{components,lessons,widgets,guide,playground}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(run|runIds)$/]",
          message: 'Views do not run the model: ask the state layer for the run or variant (src/state/computeLab.ts, src/state/labVariants.ts).',
        },
        {
          selector: "CallExpression[callee.name='generate']",
          message: 'Views do not generate text: ask the state layer (requestGeneration in src/state/generation/generationRun.ts), which uses the generation worker.',
        },
      ],
    },
  },
);
