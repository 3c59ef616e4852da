import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EngineError, trainedModelFromBytes } from '../../../../src/engine';
import { generate } from '../../../../src/engine/decoding';
import { generateOffThread, setGenerationWorkerFactory } from '../../../../src/models/trained/generation/generateOffThread';
import type { GenerateRequest, GenerationReply } from '../../../../src/models/trained/generation/generationProtocol';
import { generationWorkerHandler } from '../../../../src/models/trained/generation/generationWorkerCore';
import { FakeWorker } from '../../pipeline/fakeWorker';

const file = readFileSync(resolve(__dirname, '../../../../public/models/lm/model.bin'));
const bytes = () => file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength);

let worker: FakeWorker<GenerateRequest, GenerationReply>;
beforeEach(() => {
  worker = new FakeWorker<GenerateRequest, GenerationReply>(generationWorkerHandler);
  setGenerationWorkerFactory(() => worker as unknown as Worker);
});
afterEach(() => setGenerationWorkerFactory(null));

describe('generateOffThread: the trained model generates in a worker', () => {
  it('gives the page’s own generation, token for token, and sends the model file only once', async () => {
    const model = bytes();
    const options = { steps: 6, strategy: { temperature: 0.9, seed: 4 } } as const;
    const prompt = 'The little girl walked to the old house and';
    const offThread = await generateOffThread(model, prompt, options);
    const onPage = generate(trainedModelFromBytes(bytes()).model, prompt, options);
    expect(offThread?.steps.map((s) => s.id)).toEqual(onPage.steps.map((s) => s.id));
    expect(offThread?.text).toBe(onPage.text);
    expect(Array.from(offThread!.steps[0].attention[1][2])).toEqual(Array.from(onPage.steps[0].attention[1][2]));
    await generateOffThread(model, prompt, { steps: 2, strategy: 'greedy' });
    expect(worker.requests.map((r) => r.bytes !== undefined)).toEqual([true, false]);
    expect(model.byteLength).toBe(file.byteLength); // the page keeps its bytes
  }, 60_000);

  it('rejects with the engine’s error for the run’s own failure, and with a plain error when the worker stops', async () => {
    await expect(generateOffThread(bytes(), 'x', { steps: -1, strategy: 'greedy' })).rejects.toBeInstanceOf(EngineError);
    worker.crash = true;
    const stopped = generateOffThread(bytes(), 'The cat', { steps: 2, strategy: 'greedy' });
    await expect(stopped).rejects.not.toBeInstanceOf(EngineError);
    // A stopped worker is not asked again: the caller generates on the page.
    expect(generateOffThread(bytes(), 'The cat', { steps: 2, strategy: 'greedy' })).toBeNull();
  }, 60_000);

  it('is null where the page has no worker', () => {
    setGenerationWorkerFactory(null);
    expect(generateOffThread(bytes(), 'The cat', { steps: 2, strategy: 'greedy' })).toBeNull();
  });
});
