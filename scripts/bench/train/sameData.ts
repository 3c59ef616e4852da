/**
 * The data of the bench's peer run: the very batches and held-out set our trainer draws, recreated from the
 * trainer's documented random streams (trainer.ts: trainingRandom, heldOutBatch), so both engines see the same data.
 */
import { heldOutBatch, trainingRandom } from '../../../src/engine/train/trainer';
import { makeBatch } from '../../../src/engine/train/tasks';
import type { TaskBatch, TinyModelConfig, TrainSettings } from '../../../src/engine/train/types';

export interface BenchData {
  /** The next training batch: the k-th call returns the batch of our trainer's k-th step. */
  nextBatch(): TaskBatch;
  readonly heldOut: TaskBatch;
}

export function benchData(config: TinyModelConfig, settings: TrainSettings): BenchData {
  const random = trainingRandom(settings);
  return {
    nextBatch: () => makeBatch(config.task, settings.batchSize, config.seqLen, config.vocab, random),
    heldOut: heldOutBatch(config, settings),
  };
}
