import { SITE_MODEL_CARD_PATH, SITE_MODEL_PATH, SITE_SCRIPT_PATH, type FetchedSiteFile } from './siteArchive';
import { contentLength, readBodyWithProgress } from '../../models/pipeline/readBody';

/*
 * Fetches the archive's files from the app's own folder (the same files the dialog's element snippet points at),
 * with progress, and a failure that names the file and says why.
 */

export type SiteFetchFailure =
  /** The app is opened from file://, where fetch cannot read files. */
  | { readonly kind: 'file-protocol'; readonly file: FetchedSiteFile; readonly url: string }
  /** The request itself failed (offline, refused). */
  | { readonly kind: 'network'; readonly file: FetchedSiteFile; readonly url: string }
  /** The server answered with an error status (404: not a full build). */
  | { readonly kind: 'status'; readonly file: FetchedSiteFile; readonly url: string; readonly status: number }
  /** The server answered 200 with a web page: a single-page host's fallback for a file it does not have. */
  | { readonly kind: 'page'; readonly file: FetchedSiteFile; readonly url: string };

/** Thrown by fetchSiteFiles; `failure` says which file and why. */
export class SiteFetchError extends Error {
  constructor(readonly failure: SiteFetchFailure) {
    super(`${failure.kind}: ${failure.url}`);
    this.name = 'SiteFetchError';
  }
}

export interface SiteFetchProgress {
  readonly file: FetchedSiteFile;
  readonly received: number;
  /** From Content-Length; null when the server does not send it (or compresses the body). */
  readonly total: number | null;
}

export type FetchLike = (url: string, init: { readonly signal?: AbortSignal }) => Promise<Response>;

async function fetchOne(file: FetchedSiteFile, base: string, fetcher: FetchLike, signal: AbortSignal | undefined, onProgress: (p: SiteFetchProgress) => void): Promise<Uint8Array> {
  const url = new URL(file, base).href;
  if (new URL(url).protocol === 'file:') throw new SiteFetchError({ kind: 'file-protocol', file, url });
  let response: Response;
  try {
    response = await fetcher(url, { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SiteFetchError({ kind: 'network', file, url });
  }
  if (!response.ok) throw new SiteFetchError({ kind: 'status', file, url, status: response.status });
  if (/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) throw new SiteFetchError({ kind: 'page', file, url });
  const total = contentLength(response);
  onProgress({ file, received: 0, total });
  try {
    return await readBodyWithProgress(response, (received) => onProgress({ file, received, total }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new SiteFetchError({ kind: 'network', file, url });
  }
}

/** Every file of FETCHED_SITE_FILES from the app's folder `base`, one after another, in that order. */
export async function fetchSiteFiles(
  base: string,
  onProgress: (progress: SiteFetchProgress) => void,
  { fetcher = (url, init) => fetch(url, init), signal }: { readonly fetcher?: FetchLike; readonly signal?: AbortSignal } = {},
): Promise<Record<FetchedSiteFile, Uint8Array>> {
  const one = (file: FetchedSiteFile) => fetchOne(file, base, fetcher, signal, onProgress);
  const script = await one(SITE_SCRIPT_PATH);
  const model = await one(SITE_MODEL_PATH);
  const card = await one(SITE_MODEL_CARD_PATH);
  return { [SITE_SCRIPT_PATH]: script, [SITE_MODEL_PATH]: model, [SITE_MODEL_CARD_PATH]: card };
}
