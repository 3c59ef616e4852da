import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { fetchTrainedModel, trainedModelPath, type FetchLike } from '../../src/playground/loadTrainedModel';

const modelText = (task: string): string => readFileSync(path.resolve(__dirname, `../../public/models/${task}.json`), 'utf8');

/** A fetch that answers every URL with `status` and `body`, and records the URLs asked for. */
function fakeFetch(status: number, body: string | (() => Promise<string>)) {
  const urls: string[] = [];
  const fetchFn: FetchLike = (url) => {
    urls.push(url);
    return Promise.resolve({ ok: status >= 200 && status < 300, status, text: typeof body === 'string' ? () => Promise.resolve(body) : body });
  };
  return { fetchFn, urls };
}

const BASE = 'http://x/sub/';

describe('fetchTrainedModel', () => {
  it('the file of a task is models/<task>.json', () => {
    expect(trainedModelPath('reversal')).toBe('models/reversal.json');
    expect(trainedModelPath('induction')).toBe('models/induction.json');
  });

  it('resolves the file relative to the page, so the app works from a sub-path', async () => {
    const { fetchFn, urls } = fakeFetch(200, modelText('reversal'));
    await fetchTrainedModel('reversal', fetchFn, BASE);
    await fetchTrainedModel('reversal', fetchFn, 'http://x/sub/index.html#/playground?task=reversal');
    await fetchTrainedModel('reversal', fetchFn, 'https://example.org/a/b/');
    expect(urls).toEqual(['http://x/sub/models/reversal.json', 'http://x/sub/models/reversal.json', 'https://example.org/a/b/models/reversal.json']);
  });

  it('returns the text of the file, unparsed (the worker checks and parses it)', async () => {
    const text = modelText('reversal');
    const { fetchFn } = fakeFetch(200, text);
    await expect(fetchTrainedModel('reversal', fetchFn, BASE)).resolves.toBe(text);
  });

  it('a 404 says the model is missing and names models/<task>.json', async () => {
    const { fetchFn } = fakeFetch(404, 'Not found');
    const error = await fetchTrainedModel('sort', fetchFn, BASE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('is missing');
    expect((error as Error).message).toContain('models/sort.json');
  });

  it('another failing status says it could not be downloaded, with the status', async () => {
    const { fetchFn } = fakeFetch(500, 'oops');
    await expect(fetchTrainedModel('copy', fetchFn, BASE)).rejects.toThrow(/could not be downloaded: models\/copy\.json answered 500/);
  });

  it('a network failure says the request failed, with the reason', async () => {
    const fetchFn: FetchLike = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = (await fetchTrainedModel('reversal', fetchFn, BASE).catch((e: unknown) => e)) as Error;
    expect(error.message).toContain('network request failed');
    expect(error.message).toContain('Failed to fetch');
    expect(error.message).toContain('models/reversal.json');
  });

  it('a body that breaks off says so', async () => {
    const { fetchFn } = fakeFetch(200, () => Promise.reject(new Error('aborted')));
    await expect(fetchTrainedModel('reversal', fetchFn, BASE)).rejects.toThrow(/broke off/);
  });

  it('any body that arrives is passed on as text: not JSON, another task’s model or not a model at all (the worker refuses those)', async () => {
    for (const body of ['<!doctype html><html></html>', modelText('copy'), '{"hello": 1}', '']) {
      const { fetchFn } = fakeFetch(200, body);
      await expect(fetchTrainedModel('reversal', fetchFn, BASE)).resolves.toBe(body);
    }
  });

  it('a network error’s own text is cut to a readable length', async () => {
    const fetchFn: FetchLike = () => Promise.reject(new TypeError('x'.repeat(100_000)));
    const error = (await fetchTrainedModel('reversal', fetchFn, BASE).catch((e: unknown) => e)) as Error;
    expect(error.message.length).toBeLessThan(160);
    expect(error.message).toContain('x…).');
  });

  it('without a base, it resolves against the document', async () => {
    const fetchFn = vi.fn<FetchLike>(() => Promise.resolve({ ok: true, status: 200, text: () => Promise.resolve(modelText('reversal')) }));
    await fetchTrainedModel('reversal', fetchFn);
    expect(fetchFn).toHaveBeenCalledWith(new URL('models/reversal.json', document.baseURI).href);
  });
});
