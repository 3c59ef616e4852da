import fc from 'fast-check';
import type { HeadId, MaskCell } from '../../src/engine';
import type { HeadChoice, LabPage, LabSettings, MaskMode, MatrixView } from '../../src/state/labStore';
import type { ModelChoice } from '../../src/state/modelChoice';
import { URL_LIMITS } from '../../src/state/url/urlState';

/*
 * The lab settings generator shared by the link tests (tests/state/urlState.test.ts) and the embed tests
 * (tests/widgets/): texts include what a query string must escape and what a page must never run.
 */

const divisors = (d: number) => Array.from({ length: Math.min(d, URL_LIMITS.maxHeads) }, (_, i) => i + 1).filter((h) => d % h === 0);

/** Any settings a link may carry: heads divide the width, the selection and ablations are inside the model. */
export const validSettings: fc.Arbitrary<LabSettings> = fc
  .record({
    embedDim: fc.integer({ min: 1, max: URL_LIMITS.maxEmbedDim }),
    numLayers: fc.integer({ min: 1, max: URL_LIMITS.maxLayers }),
    headPick: fc.nat(),
  })
  .chain(({ embedDim, numLayers, headPick }) => {
    const heads = divisors(embedDim);
    const numHeads = heads[headPick % heads.length];
    const pair = (a: number, b: number) => fc.tuple(fc.integer({ min: 0, max: a }), fc.integer({ min: 0, max: b }));
    const sameTuple = (x: readonly [number, number], y: readonly [number, number]) => x[0] === y[0] && x[1] === y[1];
    return fc.record({
      model: fc.constantFrom<ModelChoice>('trained', 'untrained'),
      text: fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 120 }),
        fc.string({ unit: 'binary-ascii', maxLength: 60 }),
        fc.constantFrom('', ' ', '+', 'a&b=c', '%20', '#x', '?q=1', '1,2', 'line\nbreak\r\n', '  lead and trail  ', '&widget=evil&lock=text', '<img src=x onerror=alert(1)>', 'javascript:alert(1)', '我爱自然语言处理', 'e\u0301 👩‍👩‍👧 ☕️'),
      ),
      embedDim: fc.constant(embedDim),
      numHeads: fc.constant(numHeads),
      numLayers: fc.constant(numLayers),
      seed: fc.integer({ min: 0, max: URL_LIMITS.maxSeed }),
      positionalEncoding: fc.boolean(),
      maskMode: fc.constantFrom<MaskMode>('none', 'causal', 'padding', 'custom'),
      paddingTokens: fc.uniqueArray(fc.integer({ min: 0, max: URL_LIMITS.maxTokenIndex }), { maxLength: 12 }),
      customMask: fc
        .uniqueArray(pair(URL_LIMITS.maxTokenIndex, URL_LIMITS.maxTokenIndex), { maxLength: 12, comparator: sameTuple })
        .map((cells) => cells.map(([query, key]): MaskCell => ({ query, key }))),
      disabledHeads: fc
        .uniqueArray(pair(numLayers - 1, numHeads - 1), { maxLength: 8, comparator: sameTuple })
        .map((heads) => heads.map(([layer, head]): HeadId => ({ layer, head }))),
      selectedLayer: fc.integer({ min: 0, max: numLayers - 1 }),
      selectedHead: fc.oneof(fc.integer({ min: 0, max: numHeads - 1 }), fc.constant<HeadChoice>('average')),
      matrixView: fc.constantFrom<MatrixView>('weights', 'scores', 'scaled'),
      causal: fc.boolean(),
      predictAt: fc.option(fc.integer({ min: 0, max: URL_LIMITS.maxTokenIndex }), { nil: null }),
      page: fc.constantFrom<LabPage>('lab', 'walkthrough'),
    });
  });
