/** A file name from a stem: characters file systems refuse become '-', at most 100 characters, never empty. */
export function safeFileStem(stem: string): string {
  const clean = stem
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '-')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return Array.from(clean).slice(0, 100).join('') || 'attention';
}

/** Saves a blob as a file through a temporary <a download>; the object URL is released shortly after. */
export function downloadBlob(name: string, blob: Blob, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
