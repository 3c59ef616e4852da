/** chinese-poetry JSON to documents. Pure: no I/O. */

export interface PoetryDocument {
  /** JSON path inside its file, e.g. `[12]` or `.content[3].content[0]`: stable across runs and listing order. */
  path: string;
  text: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Poem lines in a `paragraphs` array; nested sub-poems (千家詩's subchapters) contribute their own lines. */
function paragraphLines(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(paragraphLines);
  if (isRecord(value)) return paragraphLines(value.paragraphs);
  return [];
}

/**
 * Every object with a `paragraphs` array is one document: a poem, a ci, a chapter. The files nest these at
 * different depths (a top-level array, `.content[].content[]`, or the file object itself), so the walk is generic.
 * Only `paragraphs` is taken: `desc` (author biographies), `abstract`, `preface`, `notes` and pinyin `spells` are
 * editorial text, not the work. The title (title / rhythmic / chapter) opens the document as its own line.
 */
export function poetryDocuments(json: unknown): PoetryDocument[] {
  const docs: PoetryDocument[] = [];
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(item, `${path}[${index}]`));
      return;
    }
    if (!isRecord(value)) return;
    if (Array.isArray(value.paragraphs)) {
      const lines = paragraphLines(value.paragraphs).map((line) => line.trim()).filter((line) => line.length > 0);
      const titleValue = value.title ?? value.rhythmic ?? value.chapter;
      const title = typeof titleValue === 'string' ? titleValue.trim() : '';
      if (lines.length > 0) docs.push({ path: path || '.', text: (title ? [title, ...lines] : lines).join('\n') });
      return;
    }
    for (const key of Object.keys(value)) walk(value[key], `${path}.${key}`);
  };
  walk(json, '');
  return docs;
}
