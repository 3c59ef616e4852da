import { GUIDE_BACK, GUIDE_BASE_NOTE, GUIDE_CONTENTS_LABEL, GUIDE_LEDE, GUIDE_SECTIONS, GUIDE_TITLE } from '../../src/guide/content';
import { LESSONS } from '../../src/lessons/content';
import { GLOSSARY } from '../../src/lessons/glossary';
import { MESSAGE_PAIRS } from '../../src/messages';
import { bilingualTexts } from './bilingualTexts';

/** Every Chinese string a reader can meet: lesson and guide text (the zh side of each Bi) and the interface messages. */
function chineseTexts(): { where: string; text: string }[] {
  const bi = [
    ...LESSONS.flatMap((lesson) => bilingualTexts(lesson, lesson.slug)),
    ...bilingualTexts({ GUIDE_TITLE, GUIDE_LEDE, GUIDE_CONTENTS_LABEL, GUIDE_BACK, GUIDE_BASE_NOTE, GUIDE_SECTIONS }, 'guide'),
  ];
  const messages = MESSAGE_PAIRS.flatMap((pair) => Object.entries(pair.zh).map(([key, text]) => ({ where: key, text })));
  return [...bi.map(({ path, text }) => ({ where: path, text: text.zh })), ...messages];
}

describe('the Chinese glossary', () => {
  const texts = chineseTexts();

  it('reads a substantial body of Chinese text', () => {
    expect(texts.length).toBeGreaterThan(500);
  });

  it.each(GLOSSARY.map((entry) => [entry.zh, entry] as const))('uses %s and none of its other renderings', (_zh, entry) => {
    const offenders = texts.filter(({ text }) => entry.avoid.some((pattern) => pattern.test(text))).map(({ where, text }) => `${where}: ${text.slice(0, 80)}`);
    expect(offenders).toEqual([]);
  });

  it('has one Chinese term per concept', () => {
    expect(new Set(GLOSSARY.map((e) => e.zh)).size).toBe(GLOSSARY.length);
    expect(new Set(GLOSSARY.map((e) => e.en)).size).toBe(GLOSSARY.length);
  });

  it('does not forbid its own preferred terms', () => {
    for (const entry of GLOSSARY) for (const other of GLOSSARY) for (const pattern of other.avoid) expect(pattern.test(entry.zh), `${other.en} forbids ${entry.zh}`).toBe(false);
  });
});
