import { fetchSiteFiles, SiteFetchError, type FetchLike, type SiteFetchProgress } from '../../../src/components/share/fetchSiteFiles';

const BASE = 'https://school.example/ai/lab/';

/** A fetch that answers each file with `answer(path)`. */
const serve = (answer: (path: string) => Response | Promise<Response>): FetchLike & { readonly urls: string[] } => {
  const urls: string[] = [];
  const fetcher = (url: string) => {
    urls.push(url);
    return Promise.resolve(answer(new URL(url).pathname.replace('/ai/lab/', '')));
  };
  return Object.assign(fetcher, { urls });
};

const bytes = (n: number, fill = 1): Uint8Array<ArrayBuffer> => new Uint8Array(n).fill(fill);

async function failureOf(promise: Promise<unknown>): Promise<SiteFetchError['failure']> {
  const error: unknown = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof SiteFetchError)) throw new Error(`expected a SiteFetchError, got ${String(error)}`);
  return error.failure;
}

describe('fetchSiteFiles', () => {
  it('fetches the script, the model and its card from the app’s folder, in that order, reporting bytes received', async () => {
    const fetcher = serve((path) => new Response(bytes(path.endsWith('.bin') ? 3000 : 10), { headers: { 'content-length': path.endsWith('.bin') ? '3000' : '10' } }));
    const progress: SiteFetchProgress[] = [];
    const files = await fetchSiteFiles(BASE, (p) => progress.push(p), { fetcher });
    expect(fetcher.urls).toEqual([`${BASE}attention-lab-widgets.js`, `${BASE}models/lm/model.bin`, `${BASE}models/lm/README.md`]);
    expect(files['models/lm/model.bin']).toHaveLength(3000);
    expect(progress.filter((p) => p.file === 'models/lm/model.bin').at(-1)).toEqual({ file: 'models/lm/model.bin', received: 3000, total: 3000 });
  });

  it('gives no total when the body is compressed (Content-Length then counts other bytes)', async () => {
    const fetcher = serve(() => new Response(bytes(5), { headers: { 'content-length': '3', 'content-encoding': 'gzip' } }));
    const progress: SiteFetchProgress[] = [];
    await fetchSiteFiles(BASE, (p) => progress.push(p), { fetcher });
    expect(progress.every((p) => p.total === null)).toBe(true);
  });

  it('names the file and the status when the server refuses it', async () => {
    const fetcher = serve((path) => (path.endsWith('.bin') ? new Response('gone', { status: 404 }) : new Response(bytes(4))));
    expect(await failureOf(fetchSiteFiles(BASE, () => {}, { fetcher }))).toEqual({ kind: 'status', file: 'models/lm/model.bin', url: `${BASE}models/lm/model.bin`, status: 404 });
    // Nothing after the failing file is asked for.
    expect(fetcher.urls).toHaveLength(2);
  });

  it('names the file when the request fails, or when a web page comes back instead of it', async () => {
    const offline: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await failureOf(fetchSiteFiles(BASE, () => {}, { fetcher: offline }))).toEqual({ kind: 'network', file: 'attention-lab-widgets.js', url: `${BASE}attention-lab-widgets.js` });
    const fallback = serve(() => new Response('<!doctype html>', { headers: { 'content-type': 'text/html; charset=utf-8' } }));
    expect(await failureOf(fetchSiteFiles(BASE, () => {}, { fetcher: fallback }))).toMatchObject({ kind: 'page', file: 'attention-lab-widgets.js' });
  });

  it('does not try to fetch from file:// (the browser cannot): says so', async () => {
    const fetcher = serve(() => new Response(bytes(1)));
    expect(await failureOf(fetchSiteFiles('file:///home/me/lab/', () => {}, { fetcher }))).toEqual({ kind: 'file-protocol', file: 'attention-lab-widgets.js', url: 'file:///home/me/lab/attention-lab-widgets.js' });
    expect(fetcher.urls).toEqual([]);
  });

  it('lets an abort through as it is, not as a failed file', async () => {
    const controller = new AbortController();
    const fetcher: FetchLike = (_url, { signal }) =>
      new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))));
    const pending = fetchSiteFiles(BASE, () => {}, { fetcher, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
