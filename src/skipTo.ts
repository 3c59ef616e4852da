import type { MouseEvent } from 'react';

/** Moves focus to the element with this id without touching the hash (the hash is the lesson route). */
export function skipTo(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus();
}
