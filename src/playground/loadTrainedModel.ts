import { QUOTE_MAX } from '../engine/train/modelFileProblem';
import type { TaskName } from '../engine/train/types';
import { truncateLabel } from '../engine/truncate';

/*
 * Fetches the trained weights shipped with the app (public/models/<task>.json, written by `npm run train`). The
 * URL is relative to the document, so the app works from any sub-path. Every failure to download is an Error whose
 * message is a sentence for the student. The text itself is not parsed here: the worker checks it (size, nesting,
 * JSON, weights, and that it is a model of this task) when the store sends it in a 'load' command.
 */

export type FetchLike = (input: string) => Promise<Pick<Response, 'ok' | 'status' | 'text'>>;

/** The file's path as the student sees it in the messages. */
export const trainedModelPath = (task: TaskName): string => `models/${task}.json`;

function defaultBase(): string {
  return typeof document !== 'undefined' ? document.baseURI : 'http://localhost/';
}

/** The text of models/<task>.json; throws an Error with a clear sentence when it cannot be downloaded. */
export async function fetchTrainedModel(task: TaskName, fetchFn: FetchLike = (url) => fetch(url), baseUrl: string = defaultBase()): Promise<string> {
  const path = trainedModelPath(task);
  const url = new URL(path, baseUrl).href;
  let response: Awaited<ReturnType<FetchLike>>;
  try {
    response = await fetchFn(url);
  } catch (error) {
    const detail = error instanceof Error && error.message ? ` (${truncateLabel(error.message, QUOTE_MAX)})` : '';
    throw new Error(`The trained model for ${task} could not be downloaded from ${path}: the network request failed${detail}.`, { cause: error });
  }
  if (!response.ok) {
    const missing = response.status === 404 ? 'is missing' : 'could not be downloaded';
    throw new Error(`The trained model for ${task} ${missing}: ${path} answered ${response.status}.`);
  }
  try {
    return await response.text();
  } catch (error) {
    throw new Error(`The trained model for ${task} could not be read: the download of ${path} broke off.`, { cause: error });
  }
}
