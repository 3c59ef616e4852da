import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MaskControls } from '../../../src/components/controls/MaskControls';
import { CausalSwitch } from '../../../src/components/model/CausalSwitch';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { useUi } from '../../../src/state/uiStore';

// One truth about the mask: with the trained model the control is an extra mask on top of the model's own causal
// mask, so "None" never says that every query reads every key while the causal mask is on.

beforeEach(() => {
  act(() => useUi.setState({ locale: 'en' }));
  useLab.setState({ ...DEFAULT_SETTINGS, maskMode: 'none', causal: true });
});

function renderControls() {
  return render(
    <>
      <CausalSwitch />
      <MaskControls />
    </>,
  );
}

describe('MaskControls', () => {
  it('untrained model: "Mask", and None means every query may attend to every key', () => {
    useLab.setState({ model: 'untrained' });
    render(<MaskControls />);
    expect(screen.getByRole('group', { name: 'Mask' })).toBeInTheDocument();
    expect(screen.getByText('Every query may attend to every key.')).toBeInTheDocument();
  });

  it('trained model: "Extra mask"; None with the causal mask on says the causal mask applies, and follows the switch', async () => {
    useLab.setState({ model: 'trained' });
    renderControls();
    expect(screen.getByRole('group', { name: 'Extra mask' })).toBeInTheDocument();
    expect(screen.getByText(/only the model’s own causal mask applies/)).toBeInTheDocument();
    expect(screen.queryByText('Every query may attend to every key.')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Causal mask (the model’s own)' }));
    expect(useLab.getState().causal).toBe(false);
    expect(screen.getByText(/the model’s causal mask is off: every query may attend to every key/)).toBeInTheDocument();
  });

  it('speaks Chinese', () => {
    useLab.setState({ model: 'trained' });
    act(() => useUi.setState({ locale: 'zh' }));
    render(<MaskControls />);
    expect(screen.getByRole('group', { name: '额外掩码' })).toBeInTheDocument();
    expect(screen.getByText(/只有模型自带的因果掩码起作用/)).toBeInTheDocument();
  });
});
