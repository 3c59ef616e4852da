// A model kind that only the tests register: what adding a kind to the app takes (this folder, and one
// registerModelKind line where the app has one line in src/models/registry.ts). A language model from the golden
// fixture causal_lm_gelu_tanh_untied.json (2 layers × 4 heads, width 16, context 12) with a small word tokenizer,
// run on the page; its shape is fixed by its "file".
import { buildVocabulary, CausalLmModel, createLmTokenizer, type CausalLmWeights } from '../../../src/engine';
import type { ModelKind, ModelRunner, ModelTraits } from '../../../src/models/modelKind';
import { QUIET } from '../../../src/models/modelStatus';
import { asLabResult } from '../../../src/models/pipeline/asLabResult';
import { loadLmFixture } from '../../engine/lm/causalLmSupport';

export const FIXTURE_KIND_ID = 'fixture-lm';

function fixtureModel(): CausalLmModel {
  const tokenizer = createLmTokenizer(buildVocabulary(['the cat sat on the mat. the cat sat.', '我爱北京。我爱学习。'], { size: 300 }));
  const base = loadLmFixture('causal_lm_gelu_tanh_untied.json').weights;
  const grow = (rows: number, from: CausalLmWeights['wte']) => ({ rows, cols: from.cols, data: Float32Array.from({ length: rows * from.cols }, (_, i) => from.data[i % from.data.length]) });
  const weights: CausalLmWeights = { ...base, vocabSize: tokenizer.size, wte: grow(tokenizer.size, base.wte), lmHead: base.lmHead && grow(tokenizer.size, base.lmHead) };
  return new CausalLmModel(weights, { tokenizer });
}

const traits: ModelTraits = {
  causal: true,
  predictions: 'next-token',
  normOrder: 'pre-LN',
  fixedShape: { embedDim: 16, numHeads: 4, numLayers: 2 },
  openedShape: null,
  tokenLimit: null,
  presets: false,
  labelKey: 'fixture',
  cardHref: null,
  messages: { truncated: 'model.truncated', fixedShape: 'model.fixed', noShapeYet: null },
};

/** The kind, loaded at once (a test's "file" is in memory); `runs` counts the runs it computed. */
export function fixtureLmKind(): ModelKind & { readonly model: CausalLmModel; readonly runs: { count: number } } {
  const model = fixtureModel();
  const runs = { count: 0 };
  const runner: ModelRunner = {
    identity: model,
    plan: (request) => ({
      where: 'page',
      compute: () => {
        runs.count++;
        return asLabResult(traits, () => model.run({ ...request.inputs, tokenLimit: Math.min(request.inputs.tokenLimit, model.weights.nPositions) }));
      },
      waitsForPause: false,
      heldTokens: () => [],
    }),
  };
  return {
    id: FIXTURE_KIND_ID,
    traits,
    model,
    runs,
    ensureLoaded: () => undefined,
    subscribe: () => () => undefined,
    runner: () => runner,
    shape: () => traits.fixedShape,
    status: () => QUIET,
  };
}
