import { useEffect, useRef, useState } from 'react';

export type CopyStatus = 'idle' | 'copied' | 'manual';

/** document.execCommand('copy') on the current selection: deprecated, but the only fallback without the async clipboard. */
export function legacyCopy(): boolean {
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * Copy with a fallback. Tries the async clipboard; where that is missing or refused (plain http, permissions),
 * `reveal()` must return the field holding the text (rendering it first if needed): it is focused and selected,
 * and the legacy copy command is tried, else the status is 'manual' (the caller asks for Ctrl+C).
 * 'copied' goes back to 'idle' after `confirmMs`.
 */
export function useCopy(confirmMs = 4000): {
  readonly status: CopyStatus;
  readonly copy: (text: string, reveal: () => HTMLInputElement | HTMLTextAreaElement | null) => Promise<CopyStatus>;
} {
  const [status, setStatus] = useState<CopyStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const confirm = (next: CopyStatus): CopyStatus => {
    setStatus(next);
    clearTimeout(timer.current);
    if (next === 'copied') timer.current = setTimeout(() => setStatus('idle'), confirmMs);
    return next;
  };

  const copy = async (text: string, reveal: () => HTMLInputElement | HTMLTextAreaElement | null): Promise<CopyStatus> => {
    try {
      if (typeof navigator === 'undefined' || !navigator.clipboard?.writeText) throw new Error('no async clipboard');
      await navigator.clipboard.writeText(text);
      return confirm('copied');
    } catch {
      const field = reveal();
      field?.focus();
      field?.select();
      return confirm(field !== null && legacyCopy() ? 'copied' : 'manual');
    }
  };

  return { status, copy };
}
