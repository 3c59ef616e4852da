import { strToU8, zipSync, type Zippable } from 'fflate';

/*
 * The "Download for your site" archive: the widgets script, the trained model and its card at the paths they have
 * next to the app's index.html, plus an example page and a README. Uploaded together to a course site, the script
 * and the model come from the page's own origin, so no CORS header is needed (a module script from another origin
 * needs one, and plain static hosting sends none).
 *
 * A pure function of its inputs (the date included), so the same files always give the same bytes.
 */

export const SITE_ARCHIVE_NAME = 'attention-lab-widgets.zip';

/**
 * Paths inside the archive, and relative to the app's folder, where the first three are fetched from: WIDGETS_SCRIPT
 * (embedSnippet.ts), MODEL_PATH (lmModelStore.ts) and the model's card beside it (tests hold them equal).
 */
export const SITE_SCRIPT_PATH = 'attention-lab-widgets.js';
export const SITE_MODEL_PATH = 'models/lm/model.bin';
export const SITE_MODEL_CARD_PATH = 'models/lm/README.md';
export const SITE_PAGE_PATH = 'index.html';
export const SITE_README_PATH = 'README.txt';

/** The files fetched from the app, in the order they are fetched (the script first: a missing build fails fast). */
export const FETCHED_SITE_FILES = [SITE_SCRIPT_PATH, SITE_MODEL_PATH, SITE_MODEL_CARD_PATH] as const;
export type FetchedSiteFile = (typeof FETCHED_SITE_FILES)[number];

export interface SiteArchiveInput {
  /** The fetched files' bytes, by path. */
  readonly fetched: Readonly<Record<FetchedSiteFile, Uint8Array>>;
  /** The example page (see sitePage.ts). */
  readonly page: string;
  /** README.txt (see siteReadme.ts). */
  readonly readme: string;
  /** The files' modification time in the archive. */
  readonly modified: Date;
}

// Deflate for text; the model at the fastest level: its int8 token table takes it from 4.0 to 2.3 MB in ~0.2 s
// (level 6 gains 0.15 MB more for twice the time in the instructor's browser).
const DEFLATE = { level: 6 } as const;
const DEFLATE_FAST = { level: 1 } as const;

/** The zip's bytes. */
export function buildSiteArchive({ fetched, page, readme, modified }: SiteArchiveInput): Uint8Array<ArrayBuffer> {
  const files: Zippable = {
    [SITE_PAGE_PATH]: [strToU8(page), DEFLATE],
    [SITE_README_PATH]: [strToU8(readme), DEFLATE],
    [SITE_SCRIPT_PATH]: [fetched[SITE_SCRIPT_PATH], DEFLATE],
    [SITE_MODEL_PATH]: [fetched[SITE_MODEL_PATH], DEFLATE_FAST],
    [SITE_MODEL_CARD_PATH]: [fetched[SITE_MODEL_CARD_PATH], DEFLATE],
  };
  return zipSync(files, { mtime: modified });
}
