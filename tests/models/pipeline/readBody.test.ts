import { contentLength, readBodyWithProgress } from '../../../src/models/pipeline/readBody';

describe('reading a download with progress', () => {
  it('joins the chunks in order and reports the bytes received after each', async () => {
    const chunks = [Uint8Array.of(1, 2, 3), Uint8Array.of(4), Uint8Array.of(5, 6)];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(c);
        controller.close();
      },
    });
    const seen: number[] = [];
    const bytes = await readBodyWithProgress(new Response(body), (n) => seen.push(n));
    expect(Array.from(bytes)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen).toEqual([3, 4, 6]);
  });

  it('takes the total from Content-Length only when the body is not compressed', () => {
    expect(contentLength(new Response('x', { headers: { 'content-length': '2990000' } }))).toBe(2990000);
    expect(contentLength(new Response('x', { headers: { 'content-length': '900000', 'content-encoding': 'gzip' } }))).toBeNull();
    expect(contentLength(new Response('x', { headers: { 'content-length': 'lots' } }))).toBeNull();
  });
});
