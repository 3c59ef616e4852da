import fc from 'fast-check';
import type { HeadChoice, LabPage, LabSettings, MaskMode, MatrixView } from '../../src/state/labStore';
import { URL_LIMITS } from '../../src/state/urlState';
import { POST_LN_STEPS } from '../../src/state/walkthroughStore';
import { EMBED_CONTROLS, EMBED_WIDGETS, type EmbedOptions } from '../../src/widgets/embedContract';

/*
 * Generators for the embed tests. validSettings is the same shape as the one in tests/state/urlState.test.ts:
 * any settings a link may carry (heads divide the width, selection and ablations inside the model).
 */

const divisors = (d: number) => Array.from({ length: Math.min(d, URL_LIMITS.maxHeads) }, (_, i) => i + 1).filter((h) => d % h === 0);

export const validSettings: fc.Arbitrary<LabSettings> = fc
  .record({
    embedDim: fc.integer({ min: 1, max: URL_LIMITS.maxEmbedDim }),
    numLayers: fc.integer({ min: 1, max: URL_LIMITS.maxLayers }),
    headPick: fc.nat(),
  })
  .chain(({ embedDim, numLayers, headPick }) => {
    const heads = divisors(embedDim);
    const numHeads = heads[headPick % heads.length];
    const pair = (a: number, b: number) => fc.tuple(fc.integer({ min: 0, max: a }), fc.integer({ min: 0, max: b })).map(([x, y]) => `${x}-${y}`);
    return fc.record({
      text: fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        fc.string({ unit: 'binary-ascii', maxLength: 60 }),
        fc.constantFrom('', ' ', '+', 'a&b=c', '&widget=evil&lock=text', '%20', '#x', '?q=1', '1,2', 'line\nbreak', '<img src=x onerror=alert(1)>', 'javascript:alert(1)', '我爱自然语言处理'),
      ),
      embedDim: fc.constant(embedDim),
      numHeads: fc.constant(numHeads),
      numLayers: fc.constant(numLayers),
      seed: fc.integer({ min: 0, max: URL_LIMITS.maxSeed }),
      positionalEncoding: fc.boolean(),
      maskMode: fc.constantFrom<MaskMode>('none', 'causal', 'padding', 'custom'),
      paddingTokens: fc.uniqueArray(fc.integer({ min: 0, max: URL_LIMITS.maxTokenIndex }), { maxLength: 12 }),
      customMask: fc.uniqueArray(pair(URL_LIMITS.maxTokenIndex, URL_LIMITS.maxTokenIndex), { maxLength: 12 }),
      disabledHeads: fc.uniqueArray(pair(numLayers - 1, numHeads - 1), { maxLength: 8 }),
      selectedLayer: fc.integer({ min: 0, max: numLayers - 1 }),
      selectedHead: fc.oneof(fc.integer({ min: 0, max: numHeads - 1 }), fc.constant<HeadChoice>('average')),
      matrixView: fc.constantFrom<MatrixView>('weights', 'scores', 'scaled'),
      page: fc.constantFrom<LabPage>('lab', 'walkthrough'),
    });
  });

/** Any embed options, locks possibly naming controls that are not shown (embedQuery leaves those out). */
export const anyOptions: fc.Arbitrary<EmbedOptions> = fc.record({
  widget: fc.constantFrom(...EMBED_WIDGETS),
  step: fc.constantFrom(...POST_LN_STEPS),
  controls: fc.uniqueArray(fc.constantFrom(...EMBED_CONTROLS)),
  locked: fc.uniqueArray(fc.constantFrom(...EMBED_CONTROLS)),
});
