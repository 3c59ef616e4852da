/**
 * The tfjs peer of `npm run bench:train`, in a worker thread of its own (started by tfjsWorkerBoot.mjs, which
 * registers tsx). Each 'step' trains on the next batch of the same stream our trainer draws (sameData.ts) and
 * replies with the loss and the time step() took, measured here, so the message round trip is not counted.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { benchData } from './sameData';
import { createTfjsTrainer, initTfjs } from './tfjsTrainer';
import type { TfjsReply, TfjsRequest, TfjsWorkerData } from './tfjsWorkerProtocol';

async function main(): Promise<void> {
  const port = parentPort;
  if (port === null) throw new Error('tfjsWorker.ts runs as a worker thread only');
  const reply = (message: TfjsReply): void => port.postMessage(message);
  try {
    const { config, settings, initial } = workerData as TfjsWorkerData;
    const info = await initTfjs();
    const trainer = createTfjsTrainer(config, settings, initial);
    const data = benchData(config, settings);
    port.on('message', (request: TfjsRequest) => {
      try {
        if (request.type === 'step') {
          const batch = data.nextBatch();
          const t0 = performance.now();
          const loss = trainer.step(batch);
          reply({ type: 'step', loss, ms: performance.now() - t0 });
        } else {
          reply({ type: 'evaluate', accuracy: trainer.evaluate(data.heldOut).accuracy });
        }
      } catch (error) {
        reply({ type: 'failed', message: String(error) });
      }
    });
    reply({ type: 'ready', info });
  } catch (error) {
    reply({ type: 'failed', message: String(error) });
  }
}

void main();
