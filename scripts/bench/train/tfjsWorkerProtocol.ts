import type { NamedTensor, TinyModelConfig, TrainSettings } from '../../../src/engine/train/types';

/** What the tfjs worker starts from: the model, the settings and our trainer's initial weights. */
export interface TfjsWorkerData {
  readonly config: TinyModelConfig;
  readonly settings: TrainSettings;
  readonly initial: ReadonlyMap<string, NamedTensor>;
}

export type TfjsRequest = { readonly type: 'step' } | { readonly type: 'evaluate' };

export type TfjsReply =
  | { readonly type: 'ready'; readonly info: string }
  | { readonly type: 'step'; readonly loss: number; readonly ms: number }
  | { readonly type: 'evaluate'; readonly accuracy: number }
  | { readonly type: 'failed'; readonly message: string };
