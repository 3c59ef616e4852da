import type { TaskName } from '../engine/train/types';

/*
 * Fetches the trained weights shipped with the app (public/models/<task>.json, written by `npm run train`). The
 * URL is relative to the document, so the app works from any sub-path. Every failure is an Error whose message is
 * a sentence for the student; the weights themselves are checked later by trainerFromWeights (the session's 'load').
 */

export type FetchLike = (input: string) => Promise<Pick<Response, 'ok' | 'status' | 'text'>>;

/** The file's path as the student sees it in the messages. */
export const trainedModelPath = (task: TaskName): string => `models/${task}.json`;

function defaultBase(): string {
  return typeof document !== 'undefined' ? document.baseURI : 'http://localhost/';
}

/** The parsed JSON of models/<task>.json; throws an Error with a clear sentence when it cannot be had. */
export async function fetchTrainedModel(task: TaskName, fetchFn: FetchLike = (url) => fetch(url), baseUrl: string = defaultBase()): Promise<unknown> {
  const path = trainedModelPath(task);
  const url = new URL(path, baseUrl).href;
  let response: Awaited<ReturnType<FetchLike>>;
  try {
    response = await fetchFn(url);
  } catch (error) {
    const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
    throw new Error(`The trained model for ${task} could not be downloaded from ${path}: the network request failed${detail}.`, { cause: error });
  }
  if (!response.ok) {
    const missing = response.status === 404 ? 'is missing' : 'could not be downloaded';
    throw new Error(`The trained model for ${task} ${missing}: ${path} answered ${response.status}.`);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new Error(`The trained model for ${task} could not be read: the download of ${path} broke off.`, { cause: error });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`The trained model for ${task} is damaged: ${path} is not valid JSON.`, { cause: error });
  }
  const fileTask = typeof json === 'object' && json !== null && 'config' in json ? taskOf((json as { config: unknown }).config) : undefined;
  if (fileTask !== undefined && fileTask !== task) {
    throw new Error(`${path} holds a model for the ${fileTask} task, not for ${task}.`);
  }
  return json;
}

function taskOf(config: unknown): string | undefined {
  if (typeof config !== 'object' || config === null || !('task' in config)) return undefined;
  const task = (config as { task: unknown }).task;
  return typeof task === 'string' ? task : undefined;
}
