import { act, fireEvent, render, screen } from '@testing-library/react';
import { App } from '../../../src/App';
import { LabPresets, TRAINED_EXAMPLE_IDS, TRAINED_EXAMPLES } from '../../../src/components/model';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { useUi } from '../../../src/state/uiStore';

beforeEach(() => {
  // Someone who changed everything a preset resets.
  useLab.setState({
    ...DEFAULT_SETTINGS,
    model: 'untrained',
    text: 'my own sentence',
    predictAt: 1,
    disabledHeads: [{ layer: 1, head: 2 }],
    maskMode: 'padding',
    causal: false,
  });
  act(() => useUi.setState({ locale: 'en' }));
});

describe('LabPresets', () => {
  it('offers three examples, each with a hint of what to try', () => {
    render(<LabPresets />);
    expect(screen.getByRole('group', { name: 'Examples for the trained model' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(3);
    expect(TRAINED_EXAMPLE_IDS).toHaveLength(3);
    expect(screen.getByText(/copying from its first time gives “house”/)).toBeInTheDocument();
  });

  it.each([
    ['A repeated phrase (English)', 'repeatEn'],
    ['A repeated name (Chinese)', 'repeatZh'],
    ['The last word decides (English)', 'nextWord'],
  ] as const)('“%s” sets the text, the trained model, every head on, no mask, the causal mask and the last position', (name, id) => {
    render(<LabPresets />);
    fireEvent.click(screen.getByRole('button', { name }));
    expect(useLab.getState()).toMatchObject({ text: TRAINED_EXAMPLES[id], predictAt: null, disabledHeads: [], maskMode: 'none', causal: true, model: 'trained' });
    // What a preset does not touch stays.
    expect(useLab.getState().selectedLayer).toBe(DEFAULT_SETTINGS.selectedLayer);
  });

  it('the examples are what the hints describe: a repeat ends where copying decides, the last one has no repeat', () => {
    expect(TRAINED_EXAMPLES.repeatEn.endsWith('to the old')).toBe(true);
    expect(TRAINED_EXAMPLES.repeatEn.indexOf(' old house')).toBeGreaterThan(0);
    expect(TRAINED_EXAMPLES.repeatZh.includes('王芳') && TRAINED_EXAMPLES.repeatZh.endsWith('王')).toBe(true);
    expect(TRAINED_EXAMPLES.nextWord.endsWith(' New')).toBe(true);
  });

  it('speaks Chinese', () => {
    act(() => useUi.setState({ locale: 'zh' }));
    render(<LabPresets />);
    expect(screen.getByRole('button', { name: '重复的名字（中文）' })).toBeInTheDocument();
  });
});

describe('the lab’s controls', () => {
  it('show the examples when the trained model is chosen, not for the untrained one', () => {
    useLab.setState({ model: 'trained' });
    const { unmount } = render(<App />);
    expect(screen.getByRole('group', { name: 'Examples for the trained model' })).toBeInTheDocument();
    unmount();
    useLab.setState({ model: 'untrained' });
    render(<App />);
    expect(screen.queryByRole('group', { name: 'Examples for the trained model' })).toBeNull();
  });
});
