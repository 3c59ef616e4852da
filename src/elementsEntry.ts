// First: installs the interface text before any module that translates is evaluated.
import './messages';
import { enableFastAttention } from './engine';
import { setModelBase } from './models/trained/lmModelStore';
import { defineElements } from './widgets/elements/defineElements';
import './styles.css';

/*
 * The entry of the widgets script (npm run build:widgets → one ES module, styles and WebAssembly inside):
 *
 *   <script type="module" src="…/attention-lab-widgets.js"></script>
 *   <attention-heatmap text="The cat sat on the mat" h="2" mask="causal" controls="heads" lock="heads"></attention-heatmap>
 *
 * Every stylesheet imported here or by the widgets ends up inside each element's shadow root (vite.widgets.config.ts),
 * never in the page.
 */

// The trained model's file sits next to this script on our site, not on the page that embeds the elements (which
// must allow the fetch: our host sends Access-Control-Allow-Origin, as static hosts such as GitHub Pages do).
setModelBase(import.meta.url);

// As in the lab: the SIMD kernels compile in a few milliseconds; without SIMD, or where the page's Content Security
// Policy forbids WebAssembly, the TypeScript engine computes. Elements already in the page upgrade once defined.
void enableFastAttention()
  .catch(() => false)
  .finally(() => defineElements());

export { AttentionWidgetElement } from './widgets/elements/AttentionWidgetElement';
export { defineElements } from './widgets/elements/defineElements';
