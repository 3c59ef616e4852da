import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUi } from '../../src/state/uiStore';
import { VectorDrag } from '../../src/lessons/widgets/VectorDrag';
import { clampPoint, DEFAULT_KEYS, DEFAULT_QUERY, PLANE_LIMIT } from '../../src/lessons/widgets/VectorDragModel';
import { attend as attendOf, type Point } from '../../src/run/experiments/small';

const attend = (query: Point, keys: readonly Point[]) => attendOf({ query, keys });

beforeEach(() => {
  act(() => useUi.setState({ locale: 'en' }));
});

const weights = () => screen.getAllByText((_, el) => el?.getAttribute('data-cell') === 'weight').map((el) => Number(el.textContent));
const scores = () => screen.getAllByText((_, el) => el?.getAttribute('data-cell') === 'score').map((el) => Number(el.textContent));
const queryHandle = () => screen.getByRole('button', { name: /^Query “it”/ });

describe('vector-drag model', () => {
  it('scores are dot products and the weights are their softmax, summing to 1', () => {
    const { scores: s, weights: w, output } = attend({ x: 1, y: 2 }, [{ x: 1, y: 0 }, { x: 0, y: 1 }]);
    expect(s).toEqual([1, 2]);
    const e1 = Math.exp(1);
    const e2 = Math.exp(2);
    expect(w[0]).toBeCloseTo(e1 / (e1 + e2), 6);
    expect(w[0] + w[1]).toBeCloseTo(1, 6);
    expect(output.x).toBeCloseTo(w[0], 6);
    expect(output.y).toBeCloseTo(w[1], 6);
  });

  it('clamps to the plane and turns non-numbers into 0', () => {
    expect(clampPoint({ x: 9, y: -9 })).toEqual({ x: PLANE_LIMIT, y: -PLANE_LIMIT });
    expect(clampPoint({ x: Number.NaN, y: 0.123 })).toEqual({ x: 0, y: 0.12 });
  });
});

describe('VectorDrag widget', () => {
  it('shows one score and one weight per key; the weights shown sum to 1', () => {
    render(<VectorDrag />);
    const expected = attend(DEFAULT_QUERY, DEFAULT_KEYS);
    expect(scores()).toEqual(expected.scores.map((v) => Number(v.toFixed(2))));
    expect(weights()).toHaveLength(4);
    expect(weights().reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
    expect(screen.getByText((_, el) => el?.getAttribute('data-cell') === 'sum')).toHaveTextContent('1.000');
    expect(screen.getByTestId('vector-drag-summary')).toHaveTextContent('Largest weight: “animal”');
  });

  it('arrow keys move the focused query: its label, the weights and the largest key change, and the weights still sum to 1', async () => {
    render(<VectorDrag />);
    const before = weights();
    queryHandle().focus();
    // From (1.2, 0.9) 26 steps of 0.1 to the left: (−1.4, 0.9), next to the key "street" at (−1.4, 1.1).
    for (let i = 0; i < 26; i++) await userEvent.keyboard('{ArrowLeft}');
    expect(queryHandle()).toHaveAccessibleName('Query “it” at (-1.4, 0.9)');
    const after = weights();
    expect(after).not.toEqual(before);
    expect(after.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
    expect(screen.getByTestId('vector-drag-summary')).toHaveTextContent('Largest weight: “street”');
    expect(document.body.textContent).not.toMatch(/NaN/);
  });

  it('keeps a point inside the plane however far it is pushed (Shift moves in big steps)', async () => {
    render(<VectorDrag />);
    const key = screen.getByRole('button', { name: /^Key “cross”/ });
    key.focus();
    for (let i = 0; i < 12; i++) await userEvent.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(key).toHaveAccessibleName(`Key “cross” at (-0.6, -${PLANE_LIMIT.toFixed(1)})`);
  });

  it('a key can be moved too; Reset puts everything back', async () => {
    render(<VectorDrag />);
    const before = weights();
    const tired = screen.getByRole('button', { name: /^Key “tired”/ });
    tired.focus();
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowRight}{/Shift}');
    expect(tired).toHaveAccessibleName('Key “tired” at (1.6, 1.7)');
    expect(weights()).not.toEqual(before);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(weights()).toEqual(before);
  });

  it('dragging with the pointer moves the query to where the pointer is', () => {
    const { container } = render(<VectorDrag />);
    const svg = container.querySelector('svg.lw-basics-drag__plane') as SVGSVGElement;
    // The drawing is 340 units wide (300 for the plane ±2.5, 20 margin each side); make it 340 px on screen.
    svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: 340, height: 340, right: 340, bottom: 340, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.pointerDown(queryHandle(), { pointerId: 1, clientX: 0, clientY: 0 });
    // Plane point (−1, 2): x = 20 + 150 − 60 = 110, y = 20 + 150 − 120 = 50.
    fireEvent.pointerMove(svg, { pointerId: 1, clientX: 110, clientY: 50 });
    fireEvent.pointerUp(svg, { pointerId: 1 });
    expect(queryHandle()).toHaveAccessibleName('Query “it” at (-1.0, 2.0)');
    expect(scores()).toEqual(attend({ x: -1, y: 2 }, DEFAULT_KEYS).scores.map((v) => Number(v.toFixed(2))));
  });

  it('config.queryOnKey starts the query on that key, which then gets the largest weight', () => {
    render(<VectorDrag config={{ queryOnKey: 1 }} />);
    expect(queryHandle()).toHaveAccessibleName('Query “it” at (0.6, 1.7)');
    expect(screen.getByTestId('vector-drag-summary')).toHaveTextContent('Largest weight: “tired”');
  });

  it('speaks Chinese when the interface does', () => {
    act(() => useUi.setState({ locale: 'zh' }));
    render(<VectorDrag />);
    const table = screen.getByRole('table');
    expect(within(table).getByText('动物')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^查询“它”/ })).toBeInTheDocument();
  });
});
