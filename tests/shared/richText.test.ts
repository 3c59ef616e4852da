import { parseRichText } from '../../src/shared/richText';

describe('lesson inline markup', () => {
  it('splits text, $math$, `code` and **bold**', () => {
    expect(parseRichText('Divide by $\\sqrt{d_k}$ in `scaledDotProduct`, **always**.')).toEqual([
      { kind: 'text', text: 'Divide by ' },
      { kind: 'math', tex: '\\sqrt{d_k}' },
      { kind: 'text', text: ' in ' },
      { kind: 'code', text: 'scaledDotProduct' },
      { kind: 'text', text: ', ' },
      { kind: 'bold', text: 'always' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves unmatched markers and HTML as text', () => {
    expect(parseRichText('costs $5 and <b>x</b>')).toEqual([{ kind: 'text', text: 'costs $5 and <b>x</b>' }]);
    expect(parseRichText('')).toEqual([]);
  });
});
