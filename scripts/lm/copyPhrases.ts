/**
 * Repeated phrases whose next token is the copy: the e2e copying spec's own texts and the lab's presets. train.py
 * reads their token ids (`npm run --silent lm -- phrases > …`) to log, while it trains, whether the model's top
 * prediction is the copy. Pure.
 */
import type { LmTokenizer } from '../../src/engine/lm';

export interface CopyPhrase {
  readonly text: string;
  /** The token a copy would give next. */
  readonly copy: string;
}

/** The first three are the e2e copying spec's (written for it: an English phrase, Chinese names, a made-up line of verse). */
export const COPY_PHRASES: readonly CopyPhrase[] = [
  { text: 'The young doctor carried a heavy letter to the station. The young doctor carried a heavy', copy: ' letter' },
  { text: '王小明和李春花去公园。王小明看见了李春', copy: '花' },
  { text: '山中有小路，雨后见新花。山中有小路，雨后见新', copy: '花' },
  { text: 'The little girl walked to the old house by the river. The little girl walked to the old', copy: ' house' },
  { text: '张伟和王芳去公园，张伟看见了王', copy: '芳' },
  { text: '张三丰去了学校，老师叫了一声张三', copy: '丰' },
];

/** Each phrase as ids (start token first) and the copy's id, or null when the copy is not one token. */
export function copyPhraseIds(tokenizer: LmTokenizer): { text: string; ids: number[]; copy: number | null }[] {
  return COPY_PHRASES.map(({ text, copy }) => {
    const copyIds = tokenizer.encode(copy);
    return { text, ids: [tokenizer.endOfText, ...tokenizer.encode(text)], copy: copyIds.length === 1 ? copyIds[0] : null };
  });
}
