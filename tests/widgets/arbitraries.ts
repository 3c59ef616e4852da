import fc from 'fast-check';
import { POST_LN_STEPS } from '../../src/state/walkthroughStore';
import { EMBED_CONTROLS, EMBED_WIDGETS, type EmbedOptions } from '../../src/shared/embedContract';

export { validSettings } from '../state/settingsArbitrary';

/** Any embed options, locks possibly naming controls that are not shown (embedQuery leaves those out). */
export const anyOptions: fc.Arbitrary<EmbedOptions> = fc.record({
  widget: fc.constantFrom(...EMBED_WIDGETS),
  step: fc.constantFrom(...POST_LN_STEPS),
  controls: fc.uniqueArray(fc.constantFrom(...EMBED_CONTROLS)),
  locked: fc.uniqueArray(fc.constantFrom(...EMBED_CONTROLS)),
});
