import { fileSource } from '../../../src/models/gpt2/readCheckpoint';

/** A file of `chunks` × 1 MB whose stream has every chunk ready at once (as a file already in memory does). */
function fakeFile(chunks: number): Blob & { name: string } {
  const size = chunks * 1024 * 1024;
  const blob = new Blob([new Uint8Array(size)]);
  return Object.assign(blob, {
    name: 'model.safetensors',
    stream: () =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < chunks; i++) controller.enqueue(new Uint8Array(1024 * 1024).fill(i % 251));
          controller.close();
        },
      }),
  });
}

describe('reading a checkpoint file', () => {
  it('gives the page a turn while a file that is already in memory is read (no one long task for 250 MB)', async () => {
    const file = fakeFile(40);
    let timerRanAt: number | null = null;
    let progress = 0;
    setTimeout(() => {
      timerRanAt = progress;
    }, 0);
    const bytes = await fileSource(file).readAll((received) => {
      progress = received;
    });
    expect(bytes.length).toBe(40 * 1024 * 1024);
    expect(bytes[5 * 1024 * 1024]).toBe(5);
    // The timer set before reading ran while it read, not after.
    expect(timerRanAt).not.toBeNull();
    expect(timerRanAt!).toBeLessThan(40 * 1024 * 1024);
  });
});
