import { refusal, type ModelFileRefusal } from './modelFileProblem';
import type { TaskName } from './types';
import { decodeWeightsFile, type DecodedWeights } from './weightsFile';

/*
 * A model file from its text: the checks that come before and around JSON.parse, so that no text can overflow the
 * stack, freeze the page or make it allocate gigabytes. In order: the size (MAX_MODEL_FILE_BYTES), the nesting
 * depth by one linear scan (MAX_MODEL_FILE_DEPTH), JSON.parse, decodeWeightsFile, and for a shipped file its task.
 * Runs in the training worker (the page sends the text, never a parsed object: structured clone recurses).
 */

/** Larger than any model the form can build (4 layers of width 128 is about 3 MB of JSON). */
export const MAX_MODEL_FILE_BYTES = 10 * 1024 * 1024;

/** A model file nests 4 levels ({ tensors: { name: { shape: [] } } }); anything much deeper is not one. */
export const MAX_MODEL_FILE_DEPTH = 16;

const MB = 1024 * 1024;

/** The refusal of a file of `bytes` bytes (a text's length in UTF-16 units never exceeds its UTF-8 bytes), or null. */
export function sizeRefusal(bytes: number): ModelFileRefusal | null {
  if (bytes <= MAX_MODEL_FILE_BYTES) return null;
  const size = (bytes / MB).toFixed(1);
  const limit = MAX_MODEL_FILE_BYTES / MB;
  return {
    problem: { reason: 'too-large', params: { size, limit } },
    message: `The file is too large to be a model of this playground (${size} MB; at most ${limit} MB).`,
  };
}

/**
 * How deep lists and objects nest in JSON text, outside strings; the scan stops as soon as it passes `stopAbove`.
 * Linear and allocation-free, so it is safe on any text (it need not be valid JSON).
 */
export function nestingDepth(text: string, stopAbove = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1; // a backslash escapes the next character (\" does not end the string)
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
    }
  }
  return deepest;
}

/** The parsed JSON of a model file's text; throws a refusal (too-large, too-deep, not-json) when it is not JSON to trust. */
export function parseModelFileText(text: string): unknown {
  const tooLarge = sizeRefusal(text.length);
  if (tooLarge !== null) throw refusal(tooLarge.problem, tooLarge.message);
  if (nestingDepth(text, MAX_MODEL_FILE_DEPTH) > MAX_MODEL_FILE_DEPTH) {
    throw refusal(
      { reason: 'too-deep', params: { limit: MAX_MODEL_FILE_DEPTH } },
      `This is not a model file: its lists and objects are nested more than ${MAX_MODEL_FILE_DEPTH} levels deep.`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw refusal({ reason: 'not-json', params: {} }, 'This is not a model file: it is not valid JSON.');
  }
}

/**
 * Reads and checks a model file's text (parseModelFileText, then decodeWeightsFile). With `task` (the shipped model
 * of that task), a model of another task is refused too.
 */
export function readModelFile(text: string, task?: TaskName): DecodedWeights {
  const decoded = decodeWeightsFile(parseModelFileText(text));
  if (task !== undefined && decoded.config.task !== task) {
    const fileTask = decoded.config.task;
    throw refusal({ reason: 'other-task', params: { task: fileTask, expected: task } }, `This file holds a model for the ${fileTask} task, not for ${task}.`);
  }
  return decoded;
}
