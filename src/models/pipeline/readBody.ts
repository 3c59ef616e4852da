/**
 * Reads a response body to the end, calling `onReceived` with the bytes received so far after every chunk (for a
 * progress bar); without a readable stream, the whole body at once. Used for the model file and the site download.
 */
export async function readBodyWithProgress(response: Response, onReceived: (received: number) => void): Promise<Uint8Array<ArrayBuffer>> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onReceived(received);
  }
  const bytes = new Uint8Array(received);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

/**
 * The body's length in bytes from Content-Length, for a progress bar's total; null when the server does not send it,
 * or compresses the body (then the header counts compressed bytes while the stream gives decoded ones).
 */
export function contentLength(response: Response): number | null {
  const header = response.headers.get('content-length');
  if (header === null || !/^\d+$/.test(header) || response.headers.get('content-encoding') !== null) return null;
  return Number(header);
}
