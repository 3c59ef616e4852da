import { brownToText, brownWord, joinBrownWords } from '../../../scripts/lm/brown';

describe('Brown corpus cleaner', () => {
  it('strips the tag at the last slash', () => {
    expect(brownWord('Fulton/np-tl')).toBe('Fulton');
    expect(brownWord('1/2/cd')).toBe('1/2');
    expect(brownWord('./.')).toBe('.');
  });

  it('turns `` and \'\' into " on the right side and attaches punctuation', () => {
    const words = 'The/at jury/nn said/vbd ``/`` no/at evidence/nn \'\'/\'\' ,/, (/( see/vb below/rb )/) ;/. ok/uh ?/.'.split(' ').map(brownWord);
    expect(joinBrownWords(words)).toBe('The jury said "no evidence", (see below); ok?');
  });

  it('prints one period after an abbreviation at the end of a sentence', () => {
    expect(joinBrownWords(['Ivan', 'Allen', 'Jr.', '.'])).toBe('Ivan Allen Jr.');
  });

  it('keeps sentences of one block together and separates blocks by a blank line', () => {
    const raw = '\n\n\tThe/at jury/nn said/vbd ./.\n\tIt/pps agreed/vbd ./.\n\n\n\tA/at new/jj paragraph/nn !/.\n';
    expect(brownToText(raw)).toBe('The jury said. It agreed.\n\nA new paragraph!');
  });
});
