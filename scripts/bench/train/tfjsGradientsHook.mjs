// Node module-resolution hook for the bench only: tfjs-core's ES-module build imports './gradients' (and
// '../gradients'), which names both gradients.js and the folder gradients/; Node refuses such a folder import.
// Points those imports at the file; everything else resolves as usual.
import { URL } from 'node:url';

export async function resolve(specifier, context, nextResolve) {
  const parent = context.parentURL ?? '';
  if (specifier.startsWith('.') && parent.includes('/@tensorflow/tfjs-core/dist/')) {
    const target = new URL(specifier, parent).href;
    if (target.endsWith('/@tensorflow/tfjs-core/dist/gradients')) return nextResolve(`${target}.js`, context);
  }
  return nextResolve(specifier, context);
}
