// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as engineIndex from '../../src/engine';
import * as decoding from '../../src/engine/decoding';
import * as experiments from '../../src/engine/experiments';
import * as train from '../../src/engine/train';

/*
 * The "Views do not run the model" block of eslint.config.js: a view (src/components, lessons, widgets, guide,
 * playground) imports no engine entry that computes (ENGINE_COMPUTES), calls none by name and calls no model method
 * that runs; it asks the state layer for the run and useExperiment (src/run/experiments) for its own experiment.
 * The list is read back from the config, so the tests below cover every entry in it.
 */

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

const IMPORT_RULE = '@typescript-eslint/no-restricted-imports';
const SYNTAX_RULE = 'no-restricted-syntax';

async function errors(filePath: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === IMPORT_RULE || m.ruleId === SYNTAX_RULE).map((m) => ({ rule: m.ruleId, message: m.message }));
}

async function forbiddenNames(): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile('src/lessons/widgets/probe.tsx')) as unknown as { rules: Record<string, [unknown, { patterns: { importNames?: string[] }[] }]> };
  const [, options] = config.rules[IMPORT_RULE];
  return options.patterns.flatMap((p) => p.importNames ?? []);
}

/**
 * The engine's exports a view may use: types aside, these compute nothing a view must not (matrix and shape helpers,
 * masks, tokenizers, cost counters, labels, checks and errors, seeded random numbers, parsing settings).
 */
const ALLOWED = new Set([
  // errors and checks
  'EngineError', 'asEngineError', 'emptyTextError', 'assertFinite', 'assertHeadsDivide', 'assertKvHeadsDivide', 'assertShape', 'assertVectorLength',
  'validateCausalLmWeights', 'validateConfig', 'validateFeedForward', 'validateLayerParams', 'validateMhaParams',
  // matrices: shapes, slices and element-wise helpers
  'add', 'subtract', 'scale', 'clone', 'concatCols', 'concatRows', 'sliceCols', 'sliceRows', 'zeros', 'fromRows', 'toRows', 'row', 'get', 'transpose',
  'maxAbsDifference', 'elementCount', 'shapeOf', 'float32Bytes', 'pooledMean',
  // random numbers
  'mulberry32', 'hashString', 'normal',
  // masks and the student's choices
  'buildMask', 'maskFromRows', 'emptyMask', 'isBlocked', 'windowMask', 'localMMask', 'maskSpecOf', 'sameCell', 'sameHead', 'headSetsPerLayer', 'clampTokenLimit',
  // heads and sizes
  'headsDivide', 'dividingHeadCounts', 'nearestDividingHeads', 'headDim', 'kvHeadOf', 'groupedQueryCounts', 'gpt2ParameterCount', 'defaultLayerNorm',
  'gaussianFactor', 'erf',
  // weight layouts (rearranging, no arithmetic of a layer)
  'articleLayoutToPytorch', 'fromPytorchInProj', 'toPytorchInProjWeight', 'concatToAdditive', 'outputEmbedding', 'blocksAsLayers',
  // tokenizers and text
  'tokenize', 'pretokenize', 'textChips', 'keptPositions', 'byteToken', 'createLmTokenizer', 'createGpt2Tokenizer', 'parseVocabulary', 'truncateLabel',
  // checkpoint headers and configs (no tensor decoded)
  'parseGpt2Config', 'parseSafetensorsHeader', 'readSafetensorsHeader', 'safetensorsHeaderLength', 'isFloatDtype',
  // the backend's state and run transfer bookkeeping
  'activeBackend', 'fastAttentionEnabled', 'LayerTraceIds',
  // probes' settings and labels (no run)
  'inductionSequences', 'inductionSettingsFor', 'inductionUniformScore', 'bestHead',
  // decoding: cost counters and picks from numbers already computed
  'argmax', 'sampleIndex', 'cachedStepCost', 'cumulativeCost', 'fullRecomputeCost', 'kvCacheNumbers', 'emptyKvCache',
  // experiments: measures of numbers already computed
  'entropy', 'meanPairwiseCosine',
  // training: settings, parsing and refusals (the playground's page reads them; training itself is in its worker)
  'defaultConfig', 'defaultSettings', 'isHeadGrid', 'isModelInput', 'parseModelFileProblem', 'parseModelFileText', 'refusalOf', 'sizeRefusal',
  'trainingMemoryBytes', 'trainingRandom', 'weightsRandom',
]);

// Where a view imports each entry from.
const SOURCES: readonly (readonly [string, Record<string, unknown>])[] = [
  ['engine', engineIndex],
  ['engine/decoding', decoding],
  ['engine/experiments', experiments],
  ['engine/train', train],
];
const sourceOf = (name: string) => SOURCES.find(([, module]) => name in module)?.[0] ?? 'engine';
const functionExports = [...new Set(SOURCES.flatMap(([, module]) => Object.entries(module).filter(([, v]) => typeof v === 'function').map(([k]) => k)))].sort();

describe('views do not compute: the list of engine entries', () => {
  it('classifies every function and class the engine exports (forbidden in the config, or allowed here)', async () => {
    const forbidden = new Set(await forbiddenNames());
    const unclassified = functionExports.filter((name) => !forbidden.has(name) && !ALLOWED.has(name));
    expect(unclassified).toEqual([]);
    expect([...forbidden].filter((name) => ALLOWED.has(name))).toEqual([]);
    // Every forbidden name is a real export (a rename would otherwise leave the rule guarding nothing).
    expect([...forbidden].filter((name) => !functionExports.includes(name))).toEqual([]);
  });
});

describe('views do not compute: each forbidden entry', async () => {
  const names = await forbiddenNames();

  it.each(names)('reports importing and calling %s in a lesson widget', async (name) => {
    const found = await errors('src/lessons/widgets/probe.tsx', `import { ${name} } from '../../${sourceOf(name)}';\nexport const x = ${name}.length;`);
    expect(found.filter((e) => e.rule === IMPORT_RULE)).toHaveLength(1);
    expect(found[0].message).toMatch(name === 'generate' ? /./ : /Views do not compute/);
    // Called (or constructed), even when it comes from somewhere else than the engine.
    const call = /^[A-Z]/.test(name) ? `new ${name}()` : `${name}()`;
    const called = await errors('src/components/probe.tsx', `declare const ${name}: any;\nexport const y = ${call};`);
    expect(called.filter((e) => e.rule === SYNTAX_RULE)).toHaveLength(1);
  });
});

describe('views do not compute: the rule', () => {
  it.each([
    ['src/components/walkthrough/probe.tsx', "import { rankCollapseCurves } from '../../engine/experiments';"],
    ['src/lessons/widgets/probe.tsx', "import { kvCacheRun } from '../../engine/decoding';"],
    ['src/lessons/widgets/probe.tsx', "import { encoderModel, tokenize } from '../../engine';"],
    ['src/lessons/probe.ts', "import { scaledDotProductAttention } from '../engine/attention';"],
    ['src/widgets/elements/probe.ts', "import { multiHeadAttention } from '../../engine/multiHead';"],
    ['src/guide/probe.ts', "import { runModel } from '../engine';"],
    ['src/playground/components/probe.tsx', "import { createTrainer } from '../../engine/train';"],
    ['src/components/probe.tsx', "import * as engine from '../engine';"],
    ['src/components/probe.tsx', "export { averageHeadWeights } from '../engine';"],
  ])('reports %s: %s', async (file, code) => {
    expect((await errors(file, code)).filter((e) => e.rule === IMPORT_RULE)).toHaveLength(1);
  });

  it.each([
    'declare const model: { runWords(w: string[]): void };\nmodel.runWords([]);',
    'declare const model: { crossAttention(a: string[], b: string[]): void };\nmodel.crossAttention([], []);',
    'declare const model: { kvCacheDecode(x: object): void };\nmodel.kvCacheDecode({});',
    "declare const model: { variant(x: string): void };\nmodel.variant('generation');",
    "declare const engine: { multiHeadAttention(): void };\nengine.multiHeadAttention();",
  ])('reports a model method or engine function called as a member: %s', async (code) => {
    expect((await errors('src/lessons/widgets/probe.tsx', code)).filter((e) => e.rule === SYNTAX_RULE)).toHaveLength(1);
  });

  it.each([
    ['src/lessons/widgets/probe.tsx', "import type { EncoderModel, KvCacheRun } from '../../engine';"],
    ['src/lessons/widgets/probe.tsx', "import { type EncoderModel, tokenize, sliceCols, headsDivide } from '../../engine';"],
    ['src/lessons/widgets/probe.tsx', "import { cachedStepCost, kvCacheNumbers, type KvCacheRun } from '../../engine/decoding';"],
    ['src/components/walkthrough/probe.tsx', "import { MAX_COLLAPSE_DEPTH, SCALING_DKS } from '../../engine/experiments';"],
    ['src/playground/components/probe.tsx', "import { defaultConfig, sizeRefusal } from '../../engine/train';"],
  ])('allows types and helpers that compute nothing: %s: %s', async (file, code) => {
    expect(await errors(file, code)).toEqual([]);
  });

  it('allows a view that asks useExperiment and draws plain data', async () => {
    const code = [
      "import { latestValue, useExperiment } from '../../run/experiments';",
      "import type { Matrix } from '../../engine';",
      'export function Probe({ input }: { readonly input: Matrix }) {',
      "  const state = useExperiment('rank-collapse', { input, depth: 6, numHeads: 4, seed: 7 });",
      '  const curves = latestValue(state);',
      '  return curves ? curves.withResidual.length : 0;',
      '}',
    ].join('\n');
    expect(await errors('src/lessons/widgets/probe.tsx', code)).toEqual([]);
    expect(await errors('src/components/walkthrough/probe.tsx', code)).toEqual([]);
  });

  it('reports a view importing an experiment itself instead of useExperiment', async () => {
    const found = await errors('src/lessons/widgets/probe.tsx', "import { permutationRun } from '../../run/experiments/permutation';");
    expect(found.filter((e) => e.rule === IMPORT_RULE)).toHaveLength(1);
    expect(await errors('src/lessons/widgets/probe.tsx', "import type { PermutationRun } from '../../run/experiments/permutation';")).toEqual([]);
  });

  it('lets the state layer, the playground worker, tests and scripts compute', async () => {
    const code = "import { rankCollapseCurves } from '../../engine/experiments';\nrankCollapseCurves({} as never, { depth: 1, numHeads: 1, seed: 1 });";
    expect(await errors('src/run/experiments/probe.ts', code)).toEqual([]);
    expect(await errors('src/playground/trainingSession.ts', "import { createTrainer } from '../engine/train';\ncreateTrainer({} as never);")).toEqual([]);
    expect(await errors('tests/probe.test.ts', "import { multiHeadAttention } from '../src/engine';\nmultiHeadAttention({} as never, {} as never);")).toEqual([]);
    expect(await errors('scripts/probe.ts', "import { runModel } from '../src/engine';\nrunModel({} as never, {} as never);")).toEqual([]);
  });
});
