/**
 * Every error the engine throws on bad input. `code` lets the interface show a translated message;
 * `message` is already a complete English sentence naming what was wrong.
 */
export type EngineErrorCode =
  | 'shape-mismatch'
  | 'not-finite'
  | 'empty-input'
  | 'heads-do-not-divide'
  | 'too-many-tokens'
  | 'invalid-argument';

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly details: Readonly<Record<string, number | string>>;

  constructor(code: EngineErrorCode, message: string, details: Record<string, number | string> = {}) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    this.details = details;
  }
}

/** The one message for a text with no tokens, wherever a run starts from text. */
export function emptyTextError(): EngineError {
  return new EngineError('empty-input', 'The text is empty: type a sentence to see its attention.');
}

/** Anything thrown, as an EngineError: itself when it is one, else an 'invalid-argument' with its message. */
export function asEngineError(err: unknown): EngineError {
  return err instanceof EngineError ? err : new EngineError('invalid-argument', err instanceof Error ? err.message : String(err));
}
