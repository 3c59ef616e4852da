import { nearestDividingHeads } from '../engine/multiHead';
import { defaultConfig, defaultSettings } from '../engine/train';
import { TASK_NAMES, type TaskName } from '../engine/train/types';
import { bool, decimalIn, dividingHeads, enumOf, intIn, ok, fail, type ParamKind, type ParamTable } from '../state/url/params';
import { formatSampleInput, parseSampleInput } from './sampleInput';
import { PLAYGROUND_LIMITS, type PlaygroundParamName, type PlaygroundParams } from './types';

/*
 * The playground's link parameters, each declared once (the lab's param kinds and reason codes):
 *
 *   #/playground?task=reversal&layers=1&heads=1&width=32&lr=0.01&seed=1
 *
 * A refused value falls back to the task's default, not to the nearest limit: a clamped lr=1 or seed=4294967295 is
 * no closer to what the link meant than the task's tested default. Heads that do not divide the width become the
 * nearest head count that does (nearestDividingHeads), the nearest architecture that can be built. Every parameter
 * but causal and input is always written, so a link names its whole setup.
 */

export const DEFAULT_TASK: TaskName = 'reversal';
const DEFAULT_SEED = 1;

/** What a playground link carries: the settings and the student's own input (null: held-out sequence 0). */
export interface PlaygroundLinkValues extends PlaygroundParams {
  readonly input: readonly number[] | null;
}

/** The task's tested architecture and learning rate, and seed 1. */
export function defaultPlaygroundParams(task: TaskName = DEFAULT_TASK): PlaygroundParams {
  const config = defaultConfig(task);
  const settings = defaultSettings(task);
  return { task, layers: config.layers, heads: config.heads, width: config.width, learningRate: settings.learningRate, seed: DEFAULT_SEED, causal: config.causal };
}

/** The defaults of a link of this task (what causal is compared with when written). */
export function defaultLinkValues(task: TaskName = DEFAULT_TASK): PlaygroundLinkValues {
  return { ...defaultPlaygroundParams(task), input: null };
}

/** `seqLen` tokens below the vocabulary of the link's task; invalid otherwise, whatever the length. */
function sampleInputKind(): ParamKind<readonly number[] | null, PlaygroundLinkValues> {
  return {
    read: (raw, link) => {
      const { seqLen, vocab } = defaultConfig(link.task);
      const input = parseSampleInput(raw, seqLen, vocab);
      return input === null ? fail('invalid') : ok(input);
    },
    write: (input) => (input === null ? undefined : formatSampleInput(input)),
  };
}

const taskDefault = (link: PlaygroundLinkValues): PlaygroundParams => defaultPlaygroundParams(link.task);
const { layers, heads, width, learningRate, seed } = PLAYGROUND_LIMITS;

/** The playground's parameters, in link order. */
export const PLAYGROUND_PARAMS: ParamTable<PlaygroundLinkValues, PlaygroundParamName> = {
  task: { name: 'task', kind: enumOf(TASK_NAMES), fallback: () => DEFAULT_TASK, always: true },
  layers: { name: 'layers', kind: intIn(layers.min, layers.max), fallback: (link) => taskDefault(link).layers, always: true },
  heads: {
    name: 'heads',
    kind: dividingHeads(heads.max, (link) => link.width),
    fallback: (link) => nearestDividingHeads(link.width, taskDefault(link).heads, heads.max),
    always: true,
  },
  width: { name: 'width', kind: intIn(width.min, width.max), fallback: (link) => taskDefault(link).width, always: true },
  learningRate: { name: 'lr', kind: decimalIn(learningRate.min, learningRate.max), fallback: (link) => taskDefault(link).learningRate, always: true },
  seed: { name: 'seed', kind: intIn(seed.min, seed.max), fallback: () => DEFAULT_SEED, always: true },
  // Only when it differs from the task's own setting, so the links of the defaults stay as they were.
  causal: { name: 'causal', kind: bool(), fallback: (link) => taskDefault(link).causal },
  input: { name: 'input', kind: sampleInputKind(), fallback: () => null },
};
