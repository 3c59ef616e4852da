import { checkLabelInName, nameHoldsLabel, words } from './labelInName';

// The checker itself: it must fail the mismatches axe reported, or the component tests that use it prove nothing.

function dom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('label in name: the comparison', () => {
  it('fails a name that leaves out the visible words (axe found these in the head view and lesson 8)', () => {
    expect(nameHoldsLabel('Keep only head 1 of layer 1 on', 'Only this')).toBe(false);
    expect(nameHoldsLabel('第 1 层只保留头 1', '只留这个')).toBe(false);
    expect(nameHoldsLabel('Show Local-m in detail', 'shown below')).toBe(false);
    // The heads grid before: a caption and the "off" badge, or the badge alone on a layer's average.
    expect(nameHoldsLabel('Layer 1, head 2 · previous token 0.91, switched off', 'previous token 0.91 off')).toBe(false);
    expect(nameHoldsLabel('Layer 1, average of the heads', 'off')).toBe(false);
    expect(nameHoldsLabel('Show layer 1, head 2', 'L1 H2')).toBe(false);
    // axe 4.13 keeps a middle dot and full-width punctuation: a switched-off labelled head once failed in the browser.
    expect(nameHoldsLabel('Layer 1, head 2 · previous token 0.47 · off (switched off)', 'previous token 0.47 off')).toBe(false);
    expect(nameHoldsLabel('第 1 层，头 2 · 前一词元 0.47 · 关（已关闭）', '前一词元 0.47 关')).toBe(false);
  });

  it('passes a name that holds them, whatever the case and punctuation', () => {
    expect(nameHoldsLabel('Only this: keep only head 1 of layer 1 on', 'Only this')).toBe(true);
    expect(nameHoldsLabel('只留这个：第 1 层只保留头 1', '只留这个')).toBe(true);
    expect(nameHoldsLabel('Token 2 “The”: mark as padding', '2 The')).toBe(true);
    expect(nameHoldsLabel('Layer 1, head 2 · previous token 0.47, off (switched off)', 'previous token 0.47 off')).toBe(true);
    expect(nameHoldsLabel('第 1 层，头 2 · 前一词元 0.47 关（已关闭）', '前一词元 0.47 关')).toBe(true);
  });

  it('joins text nodes as axe does: a number right against a word is not the name’s "2 The"', () => {
    const { problems } = checkLabelInName(dom('<button aria-label="Token 2 “The”: mark as padding"><span aria-hidden="true">2</span>The</button>'));
    expect(problems).toHaveLength(1);
    expect(checkLabelInName(dom('<button aria-label="Token 2 “The”: mark as padding"><span aria-hidden="true">2</span> The</button>')).problems).toEqual([]);
  });

  it('compares words in order, not letters: a parenthesis in the name does not hold visible words (axe 4.14)', () => {
    expect(words('Layer 1, head 2 · off (switched off)')).toEqual(['layer', '1', 'head', '2', 'off']);
    expect(nameHoldsLabel('Show Local-m in detail (shown below)', 'shown below')).toBe(false);
    expect(nameHoldsLabel('Head 10', 'Head 1')).toBe(false);
  });

  it('reads a form field’s visible label from its <label>', () => {
    const root = dom('<label><input type="checkbox" aria-label="Head 1 of layer 2 on"> H1</label><label><input type="checkbox" aria-label="H2: head 2 of layer 2 on"> H2</label>');
    expect(checkLabelInName(root)).toEqual({ checked: 2, problems: ['«Head 1 of layer 2 on» does not contain what it shows: «H1»'] });
  });

  it('leaves out controls without an author-given name, without text, or showing only a symbol', () => {
    const root = dom('<button>Only this</button><button aria-label="Close">×</button><button aria-label="Show"><svg aria-hidden="true"></svg></button><button aria-label="Close the hint">Dismiss</button>');
    expect(checkLabelInName(root)).toEqual({ checked: 1, problems: ['«Close the hint» does not contain what it shows: «Dismiss»'] });
  });
});
