import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmbedButton } from '../../../src/components/share/EmbedButton';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { useUi, type Locale } from '../../../src/state/uiStore';
import { DEFAULT_WALKTHROUGH, useWalkthrough } from '../../../src/state/walkthroughStore';
import { withModalDialogs } from './modalDialogs';

// The dialog's defaults and copy buttons, as an instructor meets them: every snippet can be copied with a button
// that then says "Copied", and the frame starts full width with its height following the widget.

const BASE = 'https://school.example/ai/lab/';

withModalDialogs();
beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: 'The cat sat on the mat' });
  useWalkthrough.setState(DEFAULT_WALKTHROUGH);
  useUi.setState({ locale: 'en' });
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDialog(locale: Locale = 'en'): Promise<HTMLElement> {
  useUi.setState({ locale });
  render(<EmbedButton baseUri={BASE} />);
  await userEvent.click(screen.getByRole('button', { name: locale === 'en' ? 'Embed / share…' : '嵌入 / 分享…' }));
  return screen.getByRole('dialog');
}

describe('the Embed dialog’s copy buttons', () => {
  it('copies each of the four outputs with its own button, which then says “Copied ✓”', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    const dialog = await openDialog();
    const fields = {
      'Copy embed link': within(dialog).getByRole('textbox', { name: 'Embed link' }),
      'Copy HTML': within(dialog).getByRole('textbox', { name: 'HTML to paste into your page' }),
      'Copy element HTML': within(dialog).getByRole('textbox', { name: 'Without an iframe: custom element' }),
      'Copy lab link': within(dialog).getByRole('textbox', { name: 'Link to the full lab in this view' }),
    };
    for (const [label, field] of Object.entries(fields)) {
      const button = within(dialog).getByRole('button', { name: label });
      await userEvent.click(button);
      expect(writeText).toHaveBeenLastCalledWith((field as HTMLInputElement | HTMLTextAreaElement).value);
      expect(button).toHaveTextContent('Copied ✓');
    }
    expect(writeText).toHaveBeenCalledTimes(4);
    // The element snippet really is the element, not the iframe.
    expect(writeText.mock.calls[2][0]).toMatch(/<attention-heatmap /);
  });

  it('says “已复制 ✓” in Chinese', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText: vi.fn().mockResolvedValue(undefined) } }));
    const dialog = await openDialog('zh');
    const button = within(dialog).getByRole('button', { name: '复制元素 HTML' });
    await userEvent.click(button);
    expect(button).toHaveTextContent('已复制 ✓');
  });

  it('selects the field and asks for Ctrl+C when the clipboard refuses, for the element snippet too', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } }));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy element HTML' }));
    expect(within(dialog).getByText(/Copying is blocked here\. The HTML is selected/)).toBeInTheDocument();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Without an iframe: custom element' }));
  });
});

describe('the Embed dialog’s defaults', () => {
  it('starts full width with the height following the widget, so the auto-height script is in the snippet', async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByRole('radio', { name: 'Full width, height adjusts to the content' })).toBeChecked();
    const snippet = (within(dialog).getByRole('textbox', { name: 'HTML to paste into your page' }) as HTMLTextAreaElement).value;
    expect(snippet).toContain('style="border:0;width:100%"');
    expect(snippet).toContain('attention-lab:height');
  });
});
