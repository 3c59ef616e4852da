import { mulberry32 } from '../../../src/engine/random';
import { writeSafetensors, type TensorToWrite } from '../../engine/lm/safetensorsWriter';

/** GPT-2's vocabulary (50,257, so GPT-2's tokenizer fits), and a tiny body: E = 8, 2 heads, 2 layers, C = 32. */
export const TINY = { vocab_size: 50257, n_positions: 32, n_embd: 8, n_head: 2, n_layer: 2 } as const;

export function tinyConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { model_type: 'gpt2', n_ctx: TINY.n_positions, n_inner: null, activation_function: 'gelu_new', layer_norm_epsilon: 1e-5, ...TINY, ...overrides };
}

/** A random checkpoint of TINY's shape (or `layers` blocks; heads do not change the tensors' shapes) in Hugging Face's names, F16. */
export function tinyCheckpoint(seed = 5, layers: number = TINY.n_layer): Uint8Array {
  const random = mulberry32(seed);
  const e = TINY.n_embd;
  const tensor = (shape: number[], std: number, mean = 0): TensorToWrite => ({
    shape,
    values: Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => mean + std * (random() * 2 - 1)),
    dtype: 'F16',
  });
  const t: Record<string, TensorToWrite> = { 'wte.weight': tensor([TINY.vocab_size, e], 0.5), 'wpe.weight': tensor([TINY.n_positions, e], 0.2) };
  for (let i = 0; i < layers; i++) {
    Object.assign(t, {
      [`h.${i}.ln_1.weight`]: tensor([e], 0.1, 1),
      [`h.${i}.ln_1.bias`]: tensor([e], 0.1),
      [`h.${i}.attn.c_attn.weight`]: tensor([e, 3 * e], 0.6),
      [`h.${i}.attn.c_attn.bias`]: tensor([3 * e], 0.1),
      [`h.${i}.attn.c_proj.weight`]: tensor([e, e], 0.4),
      [`h.${i}.attn.c_proj.bias`]: tensor([e], 0.1),
      [`h.${i}.ln_2.weight`]: tensor([e], 0.1, 1),
      [`h.${i}.ln_2.bias`]: tensor([e], 0.1),
      [`h.${i}.mlp.c_fc.weight`]: tensor([e, 4 * e], 0.4),
      [`h.${i}.mlp.c_fc.bias`]: tensor([4 * e], 0.1),
      [`h.${i}.mlp.c_proj.weight`]: tensor([4 * e, e], 0.3),
      [`h.${i}.mlp.c_proj.bias`]: tensor([e], 0.1),
    });
  }
  t['ln_f.weight'] = tensor([e], 0.1, 1);
  t['ln_f.bias'] = tensor([e], 0.1);
  return writeSafetensors(t);
}
