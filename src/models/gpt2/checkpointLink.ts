/*
 * A link (or an embed) may name a checkpoint on its own site: model=<path or URL>, e.g. model=models/gpt2/ (the folder
 * holding model.safetensors and config.json) or model=/course/gpt2/model.safetensors. The link then opens GPT-2 and
 * loads those files (openCheckpointUrl refuses another origin with a sentence). A checkpoint the student chose from
 * their disk cannot travel in a link: its link says model=gpt2, which asks for the files again.
 */

/** Longest checkpoint path a link carries. */
export const MAX_CHECKPOINT_LINK = 500;

/** Whether a model= value names a checkpoint (a path with "/" or a .safetensors file) rather than a model choice. */
export function isCheckpointLink(raw: string): boolean {
  return raw.length <= MAX_CHECKPOINT_LINK && !/\s/.test(raw) && (raw.includes('/') || raw.toLowerCase().endsWith('.safetensors'));
}

/** The checkpoint a query's model= names, or null. */
export function checkpointLinkOf(search: string): string | null {
  const raw = new URLSearchParams(search).get('model');
  return raw !== null && isCheckpointLink(raw) ? raw : null;
}

let openedFrom: string | null = null;

/** Records the link a checkpoint is being opened from (null: from the student's disk). */
export function setCheckpointLink(link: string | null): void {
  openedFrom = link;
}

/**
 * The link of the checkpoint open now (or being opened, or that failed: a reload tries it again), for a link to
 * carry; null when none was opened from a link, or it was closed.
 */
export function currentCheckpointLink(): string | null {
  return openedFrom;
}

/** Opens the checkpoint a query names, unless it is the one open (or opening) already. */
export function openCheckpointOfQuery(search: string, open: (link: string) => Promise<void>): void {
  const link = checkpointLinkOf(search);
  if (link !== null && link !== currentCheckpointLink()) void open(link);
}
