/**
 * How long each lesson widget's own experiment (src/run/experiments/table.ts) takes in Node, for the widget's
 * largest params: the first call (cold: the page's first computation) and the median of 5 warm calls. An experiment
 * over ~16 ms (a frame) is computed after the first paint (`offPage: true` in the table).
 * Run: npx tsx scripts/bench/experiments.ts
 */
import { encoderModel, sliceCols, type Matrix } from '../../src/engine';
import { SCALING_DKS } from '../../src/engine/experiments';
import { DEFAULT_SETTINGS } from '../../src/state/labStore';
import { EXPERIMENTS, runExperiment, type ExperimentName, type ExperimentParams } from '../../src/run/experiments/table';
import { seededPermutation } from '../../src/run/experiments/permutation';

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i % 97}`);
const lab = { embedDim: DEFAULT_SETTINGS.embedDim, numHeads: DEFAULT_SETTINGS.numHeads, numLayers: DEFAULT_SETTINGS.numLayers, seed: DEFAULT_SETTINGS.seed };
const wide = { embedDim: 128, numHeads: 16, numLayers: 4, seed: 7 };

function layer0(config: typeof lab, n: number) {
  const pass = encoderModel(config).runWords(words(n), { positionalEncoding: true });
  return pass.layers[0];
}

function headOf(config: typeof lab, n: number) {
  const a = layer0(config, n).attention;
  const d = config.embedDim / config.numHeads;
  return { q: sliceCols(a.q, 0, d), k: sliceCols(a.k, 0, d), v: sliceCols(a.v, 0, d), a };
}

type Case = { readonly [N in ExperimentName]: { readonly label: string; readonly name: N; readonly params: () => ExperimentParams<N> } }[ExperimentName];

const cases: Case[] = [
  { label: '4 keys', name: 'vector-drag', params: () => ({ query: { x: 1.2, y: 0.9 }, keys: [{ x: 1.7, y: 0.6 }, { x: 0.6, y: 1.7 }, { x: -1.4, y: 1.1 }, { x: -0.6, y: -1.7 }] }) },
  { label: '3 tokens, d_k 2', name: 'qkv-attention', params: () => ({ q: [[1, 0], [0, 1], [1, 1]], k: [[1, 0], [0, 1], [1, 1]], v: [[1, 2], [3, 4], [5, 6]] }) },
  { label: '9 d_k, 16 keys', name: 'entropy-curve', params: () => ({ dks: SCALING_DKS, rowLength: 16 }) },
  { label: 'd_k 512, 4000 pairs', name: 'dot-product-stats', params: () => ({ dk: 512, samples: 4000 }) },
  { label: 'd_k 512', name: 'softmax-entropy', params: () => ({ dk: 512, rowLength: 16 }) },
  { label: '512 tokens, d 32 h 4', name: 'unscaled-attention', params: () => ({ ...headOf(lab, 512), mask: null }) },
  { label: '512 tokens, 16 heads', name: 'head-average', params: () => ({ weights: layer0(wide, 512).attention.heads.map((h) => h.weights), disabledHeads: [] }) },
  { label: '4 keys', name: 'engine-softmax-row', params: () => ({ scores: [2, 0.5, -1, 1.2], blocked: [true, true, true, true] }) },
  { label: 'depth 24, 12 tokens, d 32', name: 'rank-collapse', params: () => ({ input: layer0(lab, 12).input, depth: 24, numHeads: 4, seed: 7 }) },
  { label: 'depth 24, 64 tokens, d 128 h 16', name: 'rank-collapse', params: () => ({ input: layer0(wide, 64).input, depth: 24, numHeads: 16, seed: 7 }) },
  { label: '5 × 5', name: 'norms', params: () => ({ x: { rows: 5, cols: 5, data: Float32Array.from({ length: 25 }, (_, i) => i) } as Matrix }) },
  { label: '64 tokens, d 32 h 4', name: 'score-maps', params: () => ({ q: layer0(lab, 64).attention.q, k: layer0(lab, 64).attention.k, head: 0, headDim: 8, seed: 7, localM: 1, localP: 2 }) },
  { label: '512 tokens, d 128 h 16', name: 'score-maps', params: () => ({ q: layer0(wide, 512).attention.q, k: layer0(wide, 512).attention.k, head: 0, headDim: 8, seed: 7, localM: 1, localP: 2 }) },
  { label: '48 + 48 tokens, d 32', name: 'cross-attention', params: () => ({ source: words(60).join(' '), target: words(60).reverse().join(' '), settings: { ...lab, positionalEncoding: true }, head: 0 }) },
  { label: '48 + 48 tokens, d 128 h 16 × 4', name: 'cross-attention', params: () => ({ source: words(60).join(' '), target: words(60).reverse().join(' '), settings: { ...wide, positionalEncoding: true }, head: 0 }) },
  { label: '128 positions × 1024', name: 'positional-table', params: () => ({ positions: 128, d: 1024 }) },
  { label: '12 tokens, d 32, 2 layers', name: 'permutation', params: () => ({ config: lab, tokens: words(12), perm: seededPermutation(12, 1), positionalEncoding: false }) },
  { label: '48 tokens, d 32, 2 layers', name: 'permutation', params: () => ({ config: lab, tokens: words(48), perm: seededPermutation(48, 1), positionalEncoding: false }) },
  { label: '48 tokens, d 128 h 16, 4 layers', name: 'permutation', params: () => ({ config: wide, tokens: words(48), perm: seededPermutation(48, 1), positionalEncoding: false }) },
  { label: '16 tokens, d 8', name: 'kv-cache', params: () => ({ text: words(20).join(' '), config: { embedDim: 8, numHeads: 1, seed: 7, maxTokens: 16 } }) },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('| experiment | params | first call ms | warm median ms | offPage |');
console.log('| --- | --- | --- | --- | --- |');
for (const c of cases) {
  const params = c.params();
  const time = () => {
    const start = performance.now();
    runExperiment(c.name, params as never);
    return performance.now() - start;
  };
  const first = time();
  const warm = median(Array.from({ length: 5 }, time));
  console.log(`| ${c.name} | ${c.label} | ${first.toFixed(1)} | ${warm.toFixed(2)} | ${EXPERIMENTS[c.name].offPage} |`);
}
