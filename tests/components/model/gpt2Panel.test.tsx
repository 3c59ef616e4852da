import { act, fireEvent, render, screen } from '@testing-library/react';
import { Gpt2CheckpointPanel, ModelStatusLine } from '../../../src/components/model';
import { setGpt2WorkerFactory } from '../../../src/models/gpt2/gpt2Client';
import { closeCheckpoint, openCheckpointUrl } from '../../../src/models/gpt2/gpt2Store';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { useUi } from '../../../src/state/uiStore';
import { tinyCheckpoint, tinyConfig } from '../../models/gpt2/tinyGpt2';
import { FakeGpt2Worker } from '../../models/gpt2/fakeGpt2Worker';

beforeEach(() => {
  setGpt2WorkerFactory(() => new FakeGpt2Worker() as unknown as Worker);
  act(() => useLab.setState({ ...DEFAULT_SETTINGS, model: 'gpt2' }));
});

afterEach(() => {
  act(() => {
    closeCheckpoint();
    useUi.setState({ locale: 'en' });
  });
  setGpt2WorkerFactory(null);
});

describe('the GPT-2 checkpoint panel', () => {
  it('opens the two chosen files and says what they are; Close goes back to none', async () => {
    render(
      <>
        <ModelStatusLine />
        <Gpt2CheckpointPanel />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('No GPT-2 checkpoint is open yet');
    const input = screen.getByLabelText('Choose model.safetensors and config.json');
    const files = [new File([tinyCheckpoint().slice().buffer], 'model.safetensors'), new File([JSON.stringify(tinyConfig())], 'config.json')];
    await act(async () => {
      fireEvent.change(input, { target: { files } });
    });
    expect(await screen.findByText(/^Opened model\.safetensors in [\d.]+ s\./, undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/^2 layers × 2 heads, width 8, 0 M weights \(F16\); 0\.00 GB of memory here\.$/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close the checkpoint' }));
    expect(screen.getByRole('status')).toHaveTextContent('No GPT-2 checkpoint is open yet');
  });

  it('in a widget script on another site (no worker to start) says GPT-2 opens in the lab or an iframe, not “choose its files”', () => {
    setGpt2WorkerFactory(null);
    render(<ModelStatusLine />);
    expect(screen.getByRole('alert')).toHaveTextContent('This page cannot start the background thread that runs a checkpoint');
    expect(screen.getByRole('alert')).toHaveTextContent('The untrained model is shown instead.');
    expect(screen.queryByText(/No GPT-2 checkpoint is open yet/)).toBeNull();
  });

  it('says a refusal in the reader’s language: another site’s link, in Chinese', async () => {
    act(() => useUi.setState({ locale: 'zh' }));
    render(<ModelStatusLine />);
    await act(async () => {
      await openCheckpointUrl('https://evil.example.com/gpt2/', 'https://lab.example.edu/');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('无法打开这个检查点：“https://evil.example.com/gpt2/”不是本网站上的检查点');
    expect(screen.getByRole('alert')).toHaveTextContent('现在显示未训练的模型。');
  });
});
