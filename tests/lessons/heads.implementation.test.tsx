import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { articleLayoutToPytorch, mulberry32, xavierUniform } from '../../src/engine';
import { useUi } from '../../src/state/uiStore';
import { CodeWalk } from '../../src/lessons/widgets/CodeWalk';
import { CODE_STEPS, ENGINE_FILES, extractFunction, STEP_CODE, stepShapes } from '../../src/lessons/widgets/CodeWalkSource';
import { LayoutExplorer } from '../../src/lessons/widgets/LayoutExplorer';
import { articleRole, featureOf, pytorchRole, roleOf } from '../../src/lessons/widgets/LayoutExplorerMapping';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS });
  act(() => useUi.setState({ locale: 'en' }));
});

describe('code-walk: the engine source', () => {
  it.each(CODE_STEPS.flatMap((step) => STEP_CODE[step].map((ref) => [step, ref.file, ref.name] as const)))('step %s finds %s → %s', (_step, file, name) => {
    const found = extractFunction(ENGINE_FILES[file], name);
    expect(found, `${name} in ${file}`).not.toBeNull();
    expect(found!.code).toMatch(new RegExp(`function ${name}\\s*[(<]`));
    expect(found!.code.trimEnd().endsWith('}')).toBe(true);
    // The line numbers point at the same text in the file.
    const lines = ENGINE_FILES[file].split('\n');
    expect(lines.slice(found!.startLine - 1, found!.endLine).join('\n')).toBe(found!.code);
  });

  it('takes the doc comment and stops at the function’s own end', () => {
    const source = ['/** Adds. */', 'export function add(a: number, b: number): { sum: number } {', '  if (a) {', '    return { sum: a + b };', '  }', '  return { sum: b };', '}', '', 'function next() {}'].join('\n');
    expect(extractFunction(source, 'add')).toEqual({ code: source.split('\n').slice(0, 7).join('\n'), startLine: 1, endLine: 7 });
    expect(extractFunction(source, 'next')?.code).toBe('function next() {}');
    expect(extractFunction(source, 'ad')).toBeNull();
    expect(extractFunction(source, 'missing')).toBeNull();
  });

  it('writes the shapes for the lab input', () => {
    const article = stepShapes('article', { tokens: 13, embedDim: 32, numHeads: 4 });
    expect(article.find((l) => l.name === 'qkv')?.value).toBe('[13 × 96]');
    expect(article.find((l) => l.name.startsWith('qkv viewed'))?.value).toBe('[13 × 4 × 24]');
    expect(stepShapes('split', { tokens: null, embedDim: 32, numHeads: 4 }).find((l) => l.name.startsWith('sliceCols'))?.value).toBe('4 × [L × 8]');
  });
});

describe('code-walk widget', () => {
  it('steps through the real functions with live shapes, and follows the lab settings', async () => {
    const user = userEvent.setup();
    render(<CodeWalk />);
    expect(screen.getByText('Step 1 of 7')).toBeInTheDocument();
    expect(screen.getByText(/export function randomMhaParams\(/)).toBeInTheDocument();
    expect(screen.getByText(/export function xavierUniform\(/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.getByText('Step 3 of 7')).toBeInTheDocument();
    expect(screen.getByText(/export function projectQkvArticleLayout\(/)).toBeInTheDocument();
    const shapes = screen.getByTestId('code-walk-shapes');
    // The default sentence has 13 tokens; E = 32 → qkv is [13 × 96].
    expect(within(shapes).getByText('qkv').closest('tr')).toHaveTextContent('[13 × 96]');
    act(() => useLab.getState().set({ embedDim: 64, numHeads: 8 }));
    expect(within(screen.getByTestId('code-walk-shapes')).getByText('qkv').closest('tr')).toHaveTextContent('[13 × 192]');
    await user.click(screen.getByRole('button', { name: /Combine|Concatenate/ }));
    expect(screen.getByText(/export function combineHeads\(/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Next/ })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('layout-explorer: which head, part and column a feature feeds', () => {
  it('matches the formulas for a few features (E = 16, H = 4, D = 4)', () => {
    // Seed layout: head ⌊f / 12⌋, part by f mod 12 (q < 4, k < 8, v), column f mod 4.
    expect(articleRole(0, 16, 4)).toEqual({ head: 0, part: 'q', column: 0 });
    expect(articleRole(5, 16, 4)).toEqual({ head: 0, part: 'k', column: 1 });
    expect(articleRole(17, 16, 4)).toEqual({ head: 1, part: 'k', column: 1 });
    expect(articleRole(47, 16, 4)).toEqual({ head: 3, part: 'v', column: 3 });
    // PyTorch: part ⌊f / 16⌋, head ⌊(f mod 16) / 4⌋.
    expect(pytorchRole(5, 16, 4)).toEqual({ head: 1, part: 'q', column: 1 });
    expect(pytorchRole(17, 16, 4)).toEqual({ head: 0, part: 'k', column: 1 });
    expect(pytorchRole(47, 16, 4)).toEqual({ head: 3, part: 'v', column: 3 });
    expect(articleRole(48, 16, 4)).toBeNull();
    expect(pytorchRole(0, 16, 5)).toBeNull();
  });

  it('is a one-to-one map and featureOf is its inverse, for every lab-sized E and H', () => {
    for (const [e, h] of [[8, 1], [32, 4], [24, 3], [16, 16]]) {
      for (const layout of ['pytorch', 'article'] as const) {
        const seen = new Set<string>();
        for (let f = 0; f < 3 * e; f++) {
          const role = roleOf(layout, f, e, h)!;
          seen.add(`${role.head}/${role.part}/${role.column}`);
          expect(featureOf(layout, role, e, h)).toBe(f);
        }
        expect(seen.size).toBe(3 * e);
      }
    }
  });

  it('agrees with the engine’s own rewrite of the seed layout into the PyTorch one', () => {
    const e = 8;
    const h = 2;
    const qkvWeight = xavierUniform(3 * e, e, mulberry32(3));
    const params = articleLayoutToPytorch({ embedDim: e, numHeads: h, qkvWeight, qkvBias: new Float32Array(3 * e), wO: xavierUniform(e, e, mulberry32(4)), bO: new Float32Array(e) });
    const blocks = { q: params.wQ, k: params.wK, v: params.wV };
    for (let f = 0; f < 3 * e; f++) {
      const role = articleRole(f, e, h)!;
      // Row f of the fused weight lands in row head·D + column of W_part.
      const target = role.head * (e / h) + role.column;
      expect(Array.from(blocks[role.part].data.subarray(target * e, (target + 1) * e))).toEqual(Array.from(qkvWeight.data.subarray(f * e, (f + 1) * e)));
    }
  });
});

describe('layout-explorer widget', () => {
  it('describes the pointed feature in both layouts, follows the lab’s E and h, and moves with the keys', () => {
    useLab.setState({ embedDim: 16, numHeads: 4 });
    render(<LayoutExplorer />);
    const readout = screen.getByTestId('layout-readout');
    expect(readout).toHaveTextContent('Analytics Vidhya / UvA layout: feature 17 → head h = 1');
    const seed = screen.getByRole('slider', { name: 'Output features in the Analytics Vidhya / UvA layout' });
    fireEvent.keyDown(seed, { key: 'End' });
    fireEvent.keyDown(seed, { key: 'ArrowLeft' });
    expect(seed).toHaveAttribute('aria-valuenow', '46');
    fireEvent.keyDown(seed, { key: 'Home' });
    for (let i = 0; i < 17; i++) fireEvent.keyDown(seed, { key: 'ArrowRight' });
    expect(seed).toHaveAttribute('aria-valuetext', 'feature 17 → head h = 1 (the lab’s head 2), k, column 1');
    expect(readout).toHaveTextContent('In the PyTorch layout the same head, part and column is feature 21.');
    expect(readout).toHaveTextContent('⌊17 / 12⌋ = 1; 17 mod 12 = 5, which is k');
    // The twin slider points at the same role.
    const torch = screen.getByRole('slider', { name: 'Output features in the PyTorch layout' });
    expect(torch).toHaveAttribute('aria-valuenow', '21');
    expect(screen.getByTestId('layout-shapes')).toHaveTextContent('[13 × 4 × 12]');
    expect(screen.getByTestId('layout-shapes')).toHaveTextContent('3 × [4 × 13 × 4]');
  });
});
