import { EngineError } from '../errors';
import { nextTokenDistribution } from '../lm/predictions';
import { mulberry32 } from '../random';
import type { CausalLmModel } from '../run/causalLmModel';
import type { CausalLmRun } from '../run/lmTypes';
import { sampleIndex } from './sampling';

/**
 * How the next token is chosen from the model's logits: always the most probable one, or a draw from
 * softmax(logits / temperature) with a seeded generator (the same seed gives the same text). Temperature 0 is greedy.
 */
export type GenerationStrategy = 'greedy' | { readonly temperature: number; readonly seed: number };

export interface GenerateOptions {
  /** The most tokens to generate (a whole number ≥ 0); fewer when the context fills or the end-of-text token comes. */
  readonly steps: number;
  readonly strategy: GenerationStrategy;
}

/** One generated token and what chose it. */
export interface GenerationStep {
  /**
   * The position whose next-token scores chose this token: the newest position of the sequence the step ran on.
   * Its query read positions 0 … position (the causal mask allows no more), and the token goes to position + 1.
   */
  readonly position: number;
  readonly id: number;
  /** The token as text (`model.tokenLabel`: a lone byte as "byte E4", never "<0xE4>"). */
  readonly label: string;
  /** The model's own probability of this token (softmax of the logits, temperature 1), in (0, 1]. */
  readonly probability: number;
  /** Its probability in the distribution it was drawn from (softmax(logits / T)); null for greedy. */
  readonly sampledProbability: number | null;
  /** [layer][head]: the newest position's attention weights over positions 0 … position (each row sums to 1). */
  readonly attention: readonly (readonly Float32Array[])[];
}

export type GenerationStop = 'steps' | 'context' | 'end-of-text';

export interface Generation {
  /** The ids of the prompt as run: the start token, then the prompt's tokens. */
  readonly promptIds: readonly number[];
  /** One label per position: the prompt's (its run's tokens, "⟨start⟩" first), then each generated token's. */
  readonly labels: readonly string[];
  readonly steps: readonly GenerationStep[];
  /** Why it stopped: the steps asked for were done, the context was full, or the model chose the end-of-text token. */
  readonly stopReason: GenerationStop;
  /** The generated tokens as text (the bytes of one character decoded together; the end-of-text token adds nothing). */
  readonly text: string;
  /** The most positions the model reads (its nPositions). */
  readonly contextLength: number;
}

function checkOptions({ steps, strategy }: GenerateOptions): void {
  if (!Number.isInteger(steps) || steps < 0) throw new EngineError('invalid-argument', `The number of tokens to generate must be a whole number ≥ 0, got ${steps}.`, { steps });
  if (strategy === 'greedy') return;
  const { temperature, seed } = strategy;
  if (!Number.isFinite(temperature) || temperature < 0) {
    throw new EngineError('invalid-argument', `The temperature must be a number ≥ 0, got ${temperature}.`, { temperature });
  }
  if (!Number.isFinite(seed)) throw new EngineError('invalid-argument', `The seed must be a number, got ${seed}.`, { seed });
}

/** Every head's weights row of position `at`, copied: [layer][head] → [at + 1]. */
function attentionRows(run: CausalLmRun, at: number): Float32Array[][] {
  return run.layers.map((layer) =>
    layer.attention.heads.map((head) => Float32Array.from(head.weights.data.subarray(at * head.weights.cols, at * head.weights.cols + at + 1))),
  );
}

/**
 * Text generation with a causal language model, one token at a time: run the sequence so far, read the next-token
 * scores of its newest position, choose a token (greedy or sampled), append it, repeat. Each step runs the whole
 * sequence again (no KV cache: the run's traces are the ones the lab draws). Stops after `steps` tokens, when the
 * sequence fills the model's context (every token generated still fits in it), or after the end-of-text token.
 * A prompt longer than the context generates nothing (stopReason 'context'). Needs a model with a tokenizer;
 * an empty prompt throws the engine's empty-text error.
 */
export function generate(model: CausalLmModel, promptText: string, options: GenerateOptions): Generation {
  checkOptions(options);
  const { tokenizer } = model;
  if (!tokenizer) throw new EngineError('invalid-argument', 'This language model has no tokenizer: it cannot read a prompt.');
  const contextLength = model.weights.nPositions;
  const first = model.run({ text: promptText });
  const promptIds = first.tokenIds;
  const labels = first.tokens.map((token) => token.text);
  const ids = [...promptIds];
  const steps: GenerationStep[] = [];
  const { strategy } = options;
  // Temperature 0 is the limit of sampling: all the probability on the most probable token, i.e. greedy.
  const sampler = strategy === 'greedy' || strategy.temperature === 0 ? null : { temperature: strategy.temperature, random: mulberry32(strategy.seed) };
  let stopReason: GenerationStop = 'steps';
  let run = first;
  if (first.truncated) stopReason = 'context';
  for (let s = 0; s < options.steps && stopReason === 'steps'; s++) {
    if (ids.length >= contextLength) {
      stopReason = 'context';
      break;
    }
    if (s > 0) run = model.runIds(ids);
    const position = ids.length - 1;
    const distribution = nextTokenDistribution(run.logits, position);
    let id: number;
    let sampledProbability: number | null = null;
    if (sampler === null) {
      id = distribution.top(1)[0].id;
    } else {
      const probabilities = distribution.atTemperature(sampler.temperature);
      id = sampleIndex(probabilities, sampler.random());
      sampledProbability = probabilities[id];
    }
    const label = model.tokenLabel(id);
    steps.push({ position, id, label, probability: distribution.probability(id), sampledProbability, attention: attentionRows(run, position) });
    ids.push(id);
    labels.push(label);
    if (id === tokenizer.endOfText) stopReason = 'end-of-text';
  }
  return { promptIds, labels, steps, stopReason, text: tokenizer.decode(steps.map((step) => step.id)), contextLength };
}
