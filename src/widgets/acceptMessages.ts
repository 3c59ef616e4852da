import { useLab } from '../state/labStore';
import { URL_LIMITS } from '../state/url/urlState';
import { SET_TEXT_MESSAGE, type EmbedControl, type SetTextMessage } from '../shared/embedContract';
import { latestPerFrame, nextFrame, type RequestFrame } from './latestPerFrame';

/**
 * True only for exactly { type: SET_TEXT_MESSAGE, text }: a plain object with these two own keys and no others,
 * text a string of at most URL_LIMITS.maxTextLength UTF-16 code units (what a link may carry too).
 */
export function isSetTextMessage(data: unknown): data is SetTextMessage {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const proto: unknown = Object.getPrototypeOf(data);
  if (proto !== Object.prototype && proto !== null) return false;
  const keys = Reflect.ownKeys(data);
  if (keys.length !== 2 || !keys.includes('type') || !keys.includes('text')) return false;
  const { type, text } = data as Record<string, unknown>;
  return type === SET_TEXT_MESSAGE && typeof text === 'string' && text.length <= URL_LIMITS.maxTextLength;
}

export interface AcceptMessagesOptions {
  /** The embed's locked controls: with 'text' among them, no message changes the text. */
  readonly locked: readonly EmbedControl[];
  /** Defaults to the global window (tests pass their own). */
  readonly win?: Window;
  /** When a pending text is applied: the window's next frame by default (nextFrame). */
  readonly requestFrame?: RequestFrame;
}

/**
 * Lets the page around the embed set the sentence (the only thing it may set) with postMessage. Messages from
 * anyone but the parent window, and anything not exactly a set-text message, are ignored. Returns a function that
 * stops listening; does nothing (and listens to nothing) when the text is locked.
 *
 * A new text recomputes the whole model, so a message only notes its text and the latest one is set at the next
 * frame (latestPerFrame): a page that posts 5,000 messages in one go costs a few runs, not 5,000, the frame keeps
 * painting meanwhile, and the last message wins.
 */
export function acceptMessages({ locked, win = window, requestFrame = nextFrame(win) }: AcceptMessagesOptions): () => void {
  if (locked.includes('text')) return () => {};
  const texts = latestPerFrame<string>((text) => useLab.getState().set({ text }), requestFrame);
  const onMessage = (event: MessageEvent<unknown>): void => {
    if (event.source !== win.parent) return;
    if (!isSetTextMessage(event.data)) return;
    texts.push(event.data.text);
  };
  win.addEventListener('message', onMessage);
  return () => {
    win.removeEventListener('message', onMessage);
    texts.cancel();
  };
}
