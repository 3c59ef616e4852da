import { useLab } from '../state/labStore';
import { URL_LIMITS } from '../state/urlState';
import { SET_TEXT_MESSAGE, type EmbedControl, type SetTextMessage } from '../shared/embedContract';

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
}

/**
 * Lets the page around the embed set the sentence (the only thing it may set) with postMessage. Messages from
 * anyone but the parent window, and anything not exactly a set-text message, are ignored. Returns a function that
 * stops listening; does nothing (and listens to nothing) when the text is locked.
 */
export function acceptMessages({ locked, win = window }: AcceptMessagesOptions): () => void {
  if (locked.includes('text')) return () => {};
  const onMessage = (event: MessageEvent<unknown>): void => {
    if (event.source !== win.parent) return;
    if (!isSetTextMessage(event.data)) return;
    useLab.getState().set({ text: event.data.text });
  };
  win.addEventListener('message', onMessage);
  return () => win.removeEventListener('message', onMessage);
}
