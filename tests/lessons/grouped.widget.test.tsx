import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { groupedQueryChoice } from '../../src/lessons/widgets/GroupedQueryModel';
import { WIDGETS } from '../../src/lessons/widgets/registry';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { useUi } from '../../src/state/uiStore';

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS });
  act(() => useUi.setState({ locale: 'en' }));
});

function show() {
  const Widget = WIDGETS['grouped-query'];
  if (!Widget) throw new Error('grouped-query is not registered');
  return render(<Widget />);
}

const optionsOf = (label: string) => within(screen.getByLabelText(label)).getAllByRole('option').map((o) => o.textContent);
const groupTexts = () => within(screen.getByRole('list', { name: 'Which query heads share which key/value head' })).getAllByRole('listitem').map((li) => li.textContent);

describe('grouped-query', () => {
  it('starts from the lab’s 4 heads at width 32 with 2 key/value heads, and halves the K/V weights and the cache', () => {
    show();
    expect(screen.getByLabelText('Query heads h')).toHaveValue('4');
    expect(screen.getByLabelText('Key/value heads g')).toHaveValue('2');
    expect(screen.getByTestId('grouped-kind')).toHaveTextContent('Grouped-query attention (GQA): 2 groups of 2 query heads');
    expect(groupTexts()[0]).toContain('Key/value head 1 serves query heads 1, 2.');
    expect(groupTexts()[1]).toContain('Key/value head 2 serves query heads 3, 4.');
    expect(screen.getByTestId('grouped-weights')).toHaveTextContent('2 · 32 · 2 · 8 = 1024');
    expect(screen.getByTestId('grouped-weights')).toHaveTextContent('2 · 32 · 4 · 8 = 2048');
    expect(screen.getByTestId('grouped-cache')).toHaveTextContent('2 · 2 · 8 = 32');
    expect(screen.getByTestId('grouped-cache')).toHaveTextContent('2 · 4 · 8 = 64');
    expect(screen.getByTestId('grouped-saving')).toHaveTextContent('2 times smaller');
    expect(screen.getByRole('region', { name: /this choice against multi-head attention/ })).toHaveAttribute('tabindex', '0');
  });

  it('offers only key/value head counts that divide h, and updates live', async () => {
    const user = userEvent.setup();
    show();
    await user.selectOptions(screen.getByLabelText('Query heads h'), '8');
    expect(optionsOf('Key/value heads g')).toEqual(['1', '2', '4', '8']);
    await user.selectOptions(screen.getByLabelText('Key/value heads g'), '2');
    expect(groupTexts()).toHaveLength(2);
    expect(groupTexts()[1]).toContain('serves query heads 5, 6, 7, 8.');
    expect(screen.getByTestId('grouped-cache')).toHaveTextContent('2 · 2 · 4 = 16');
    expect(screen.getByTestId('grouped-saving')).toHaveTextContent('4 times smaller');

    await user.selectOptions(screen.getByLabelText('Key/value heads g'), '1');
    expect(screen.getByTestId('grouped-kind')).toHaveTextContent('multi-query attention (MQA). All 8 query heads share one key head');
    expect(screen.getByTestId('grouped-weights')).toHaveTextContent('2 · 32 · 1 · 4 = 256');

    await user.selectOptions(screen.getByLabelText('Key/value heads g'), '8');
    expect(screen.getByTestId('grouped-kind')).toHaveTextContent('ordinary multi-head attention (MHA)');
    expect(screen.getByTestId('grouped-saving')).toHaveTextContent('Nothing is shared');
    expect(document.body.textContent).not.toMatch(/NaN|undefined/);
  });

  it('keeps a valid split when the lab’s width changes under it', async () => {
    const user = userEvent.setup();
    show();
    await user.selectOptions(screen.getByLabelText('Query heads h'), '8');
    await user.selectOptions(screen.getByLabelText('Key/value heads g'), '4');
    // 8 heads do not divide 12: the nearest count that does is 6, and g = 4 becomes 3, the nearest divisor of 6.
    act(() => useLab.setState({ embedDim: 12 }));
    expect(optionsOf('Query heads h')).toEqual(['1', '2', '3', '4', '6', '12']);
    expect(screen.getByLabelText('Query heads h')).toHaveValue('6');
    expect(screen.getByLabelText('Key/value heads g')).toHaveValue('3');
    expect(screen.getByTestId('grouped-cache')).toHaveTextContent('2 · 3 · 2 = 12');
    expect(groupedQueryChoice(12, 8, 4, 16)).toMatchObject({ numHeads: 6, numKvHeads: 3, kvOptions: [1, 2, 3, 6] });
  });

  it('shows in Chinese', () => {
    act(() => useUi.setState({ locale: 'zh' }));
    show();
    expect(screen.getByLabelText('键/值头数 g')).toHaveValue('2');
    expect(screen.getByTestId('grouped-saving')).toHaveTextContent('只有多头注意力的 1/2');
  });
});
