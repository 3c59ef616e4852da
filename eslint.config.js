import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Layers point one way: engine < models < state < run < i18n < shared < components < lessons / widgets / guide /
 * playground < app. src/models holds the model kinds (one folder each, listed in src/models/registry.ts) and the run
 * pipeline's parts that do not read the lab's settings (queues, workers, variants); src/state what the student chose
 * and the URL; src/run the one pipeline from those settings to the run every view reads, and the widgets' experiments.
 * A folder may import its own layer and those below it; the four features never import one another; the app (the
 * files directly in src/: App.tsx, main.tsx, the other entry points, messages.ts, styles.css) may import anything.
 * tests/ and scripts/ are not restricted.
 */
const BELOW = {
  engine: [],
  models: ['engine'],
  state: ['engine', 'models'],
  run: ['engine', 'models', 'state'],
  i18n: ['engine', 'models', 'state', 'run'],
  shared: ['engine', 'models', 'state', 'run', 'i18n'],
  components: ['engine', 'models', 'state', 'run', 'i18n', 'shared'],
  lessons: ['engine', 'models', 'state', 'run', 'i18n', 'shared', 'components'],
  widgets: ['engine', 'models', 'state', 'run', 'i18n', 'shared', 'components'],
  guide: ['engine', 'models', 'state', 'run', 'i18n', 'shared', 'components'],
  playground: ['engine', 'models', 'state', 'run', 'i18n', 'shared', 'components'],
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

/*
 * Engine entries that compute, which views may not import or call (the "Views do not run the model" block below).
 * Derived from the function and class exports of src/engine/index.ts, src/engine/decoding and src/engine/experiments
 * (the engine's entry points views import), plus engine/train's trainers; every other export there is allowed (types,
 * matrix and shape helpers, masks, tokenizers, counters, labels, errors, random generators). tests/lint/
 * viewsDoNotCompute.test.ts lists the allowed ones and fails when an engine export is in neither list, so a new one is
 * classified when it is added.
 */
export const ENGINE_COMPUTES = {
  // Make, load or move a model or its run.
  models: [
    'runModel', 'createModel', 'encoderModel', 'EncoderModel', 'CausalLmModel', 'trainedModelFromBytes', 'trainedModelFromFile',
    'readTrainedModelFile', 'gpt2WeightsFromCheckpoint',
    'causalLmWeightsFromGolden', 'parseLmModelFile', 'tensorToFloat32', 'loadGpt2Tokenizer', 'buildVocabulary', 'attachEncoderRun',
    'attachLmRun', 'detachEncoderRun', 'detachLmRun', 'copyForTransfer', 'enableFastAttention', 'disableFastAttention',
  ],
  // A layer or part of one: projections, feed-forward, norms, activations, embeddings, positions, weights drawn.
  layers: [
    'encoderLayer', 'encoderStack', 'layerNorm', 'feedForward', 'gelu', 'geluTanh', 'activateInPlace', 'linear', 'matmul', 'matmulTransposedB',
    'embedTokens', 'addPositionalEncoding', 'sinusoidalPositionalEncoding', 'randomEncoderLayer', 'randomFeedForward', 'randomMhaParams',
    'xavierUniform',
  ],
  // Attention: scores, softmax, weights, heads and their average.
  attention: [
    'scaledDotProductAttention', 'attentionTraceFromWeights', 'maskedSoftmax', 'softmaxVector', 'onlineSoftmax', 'blockwiseAttention',
    'blockwiseAttentionRow', 'multiHeadAttention', 'finishMultiHeadAttention', 'projectQkv', 'projectQkvArticleLayout', 'attendHeads',
    'attendWithScores', 'combineHeads', 'averageHeadWeights', 'groupedQueryAttention', 'dotScores', 'scaledDotScores', 'generalScores',
    'additiveScores', 'concatScores', 'locationScores', 'localPWeights', 'predictivePositions',
  ],
  // Head probes and labels.
  probes: [
    'inductionProbe', 'inductionScores', 'InductionScoring', 'firstTokenScores', 'previousTokenScores', 'sameTokenScores', 'uniformTextScores',
    'firstTokenSums', 'previousTokenSums', 'sameTokenSums', 'headLabelsOf',
  ],
  // Next-token distributions and decoding.
  decoding: ['generate', 'kvCacheRun', 'kvCacheStep', 'decodeWithKvCache', 'nextTokenDistribution', 'topPredictions', 'probabilityOf', 'tokenLogProb'],
  // The teaching experiments (engine/experiments).
  experiments: ['dotProductStats', 'entropyCurve', 'softmaxEntropyStats', 'softmaxOf', 'rankCollapseCurves', 'randomEncoderLayers'],
  // Training (engine/train): only the playground's worker trains.
  training: ['createTrainer', 'trainerFromDecoded', 'trainerFromWeights', 'makeBatch', 'heldOutBatch', 'readModelFile'],
};
const ENGINE_COMPUTE_NAMES = Object.values(ENGINE_COMPUTES).flat();
// One regex of every name but generate (which has its own message), for the call selectors.
const COMPUTE_CALL = `/^(?:${ENGINE_COMPUTE_NAMES.filter((n) => n !== 'generate').join('|')})$/`;
const VIEWS_DO_NOT_COMPUTE =
  'Views do not compute: this engine entry runs attention, a layer, a model, a probe, decoding or an experiment. Draw what the state layer hands you (useLabComputation, labVariants), or ask useExperiment (src/run/experiments) for a widget\'s own experiment.';

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
    const message = `src/${layer} may import only ${allowed.join(', ')} (layers point one way: engine < models < state < run < i18n < shared < components < lessons / widgets / guide / playground < app; features never import each other). Move what both sides need down (e.g. into src/shared) or wire it in the app.`;
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
    // (src/run/computeLab.ts, labVariants.ts), where it is computed once and shared; a lesson widget's own small
    // experiment is asked of useExperiment (src/run/experiments), which memoises it and computes slow ones after
    // the first paint. So a view imports no engine entry that computes (ENGINE_COMPUTES: by name, from any engine
    // path, or as `import * as`; types stay allowed), calls none by name, and calls no model method that runs.
    files: ['src/{components,lessons,widgets,guide,playground}/**/*.{ts,tsx}'],
    // The playground's training worker is not a view: it trains (engine/train) off the page.
    ignores: ['src/playground/trainWorker.ts', 'src/playground/trainingSession.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?:\\.\\./)+engine(?:/.*)?$', importNames: ENGINE_COMPUTE_NAMES, allowTypeImports: true, message: VIEWS_DO_NOT_COMPUTE },
            {
              regex: '^(?:\\.\\./)+run/experiments/.+$',
              allowTypeImports: true,
              message: 'Import useExperiment and the experiments\' types from src/run/experiments (its index), not the files that compute.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name=/^(run|runIds|runWords|crossAttention|kvCacheDecode|variant)$/]",
          message: 'Views do not run the model: ask the state layer for the run or variant (src/run/computeLab.ts, src/models/pipeline/labVariants.ts), or useExperiment (src/run/experiments) for a widget\'s own experiment.',
        },
        {
          selector: "CallExpression[callee.name='generate']",
          message: 'Views do not generate text: ask the state layer (requestGeneration in src/state/generation/generationRun.ts), which uses the generation worker.',
        },
        { selector: `CallExpression[callee.name=${COMPUTE_CALL}]`, message: VIEWS_DO_NOT_COMPUTE },
        { selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=${COMPUTE_CALL}]`, message: VIEWS_DO_NOT_COMPUTE },
        { selector: `NewExpression[callee.name=${COMPUTE_CALL}]`, message: VIEWS_DO_NOT_COMPUTE },
      ],
    },
  },
);
