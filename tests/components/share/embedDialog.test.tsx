import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmbedButton } from '../../../src/components/share/EmbedButton';
import { useUi } from '../../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { DEFAULT_WALKTHROUGH, useWalkthrough } from '../../../src/state/walkthroughStore';
import { HEIGHT_MESSAGE } from '../../../src/shared/embedContract';
import { withModalDialogs } from './modalDialogs';

const BASE = 'https://school.example/ai/lab/';
const XSS = '<img src=x onerror=alert(1)>';

withModalDialogs();
beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  useWalkthrough.setState(DEFAULT_WALKTHROUGH);
  useUi.setState({ locale: 'en' });
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const stubClipboard = (writeText = vi.fn().mockResolvedValue(undefined)) => {
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
  return writeText;
};
const openDialog = async () => {
  render(<EmbedButton baseUri={BASE} />);
  await userEvent.click(screen.getByRole('button', { name: 'Embed / share…' }));
  return screen.getByRole('dialog', { name: 'Embed or share this view' });
};
const snippetField = () => screen.getByRole('textbox', { name: 'HTML to paste into your page' }) as HTMLTextAreaElement;
const srcOf = (html: string): URL => {
  const src = new DOMParser().parseFromString(html, 'text/html').querySelector('iframe')?.getAttribute('src');
  return new URL(src ?? 'about:blank');
};

describe('EmbedDialog', () => {
  it('opens as a labelled modal dialog for the current view', async () => {
    useLab.getState().set({ text: 'The cat sat', maskMode: 'causal', selectedLayer: 1, selectedHead: 2 });
    const dialog = await openDialog();
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Embed / share…' })).toHaveAttribute('aria-haspopup', 'dialog');
    const link = (screen.getByRole('textbox', { name: 'Embed link' }) as HTMLInputElement).value;
    expect(link).toBe(`${BASE}embed.html?text=The+cat+sat&mask=causal&layer=1&head=2&lang=en&widget=heatmap`);
    expect(srcOf(snippetField().value).href).toBe(link);
    // The live preview shows the same link.
    const preview = within(dialog).getByTitle('Preview: Attention Lab: Attention heatmap of the selected head');
    expect(preview).toHaveAttribute('src', link);
  });

  it('builds the link from the widget, step, shown and read-only controls', async () => {
    await openDialog();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Widget' }), 'walkthrough-step');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Walkthrough step' }), 'scale');
    const lockText = screen.getByRole('checkbox', { name: 'Sentence: read-only' });
    expect(lockText).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sentence' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Layer and head' }));
    expect(lockText).toBeEnabled();
    await userEvent.click(lockText);
    const url = srcOf(snippetField().value);
    expect(url.searchParams.get('widget')).toBe('walkthrough-step');
    expect(url.searchParams.get('step')).toBe('scale');
    expect(url.searchParams.get('controls')).toBe('text,heads');
    expect(url.searchParams.get('lock')).toBe('text');
    expect(snippetField().value).toContain('title="Attention Lab: One walkthrough step"');
    // Hiding a locked control unlocks it.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sentence' }));
    expect(srcOf(snippetField().value).searchParams.get('lock')).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Sentence: read-only' })).not.toBeChecked();
  });

  it('sizes the frame; auto height adds the script and the preview follows height messages', async () => {
    const dialog = await openDialog();
    await userEvent.click(screen.getByRole('radio', { name: 'Large, 960 × 700' }));
    expect(snippetField().value).toContain('width="960" height="700"');
    await userEvent.click(screen.getByRole('radio', { name: 'Full width, height adjusts to the content' }));
    expect(snippetField().value).toMatch(/<iframe [^>]*style="border:0;width:100%" data-attention-lab=""[^>]*><\/iframe>\n<script>/);
    const preview = within(dialog).getByTitle(/^Preview:/) as HTMLIFrameElement;
    window.dispatchEvent(new MessageEvent('message', { data: { type: HEIGHT_MESSAGE, height: 333 }, source: preview.contentWindow }));
    await vi.waitFor(() => expect(preview.style.height).toBe('333px'));
    // From anything else than the preview frame: ignored.
    window.dispatchEvent(new MessageEvent('message', { data: { type: HEIGHT_MESSAGE, height: 999 }, source: window }));
    expect(preview.style.height).toBe('333px');
  });

  it('a hostile sentence stays data: valid snippet, nothing injected into the page', async () => {
    useLab.getState().set({ text: `"${XSS}" & 'more'` });
    const dialog = await openDialog();
    expect(dialog.querySelector('img')).toBeNull();
    expect(srcOf(snippetField().value).searchParams.get('text')).toBe(`"${XSS}" & 'more'`);
    const doc = new DOMParser().parseFromString(snippetField().value, 'text/html');
    expect(doc.querySelectorAll('img')).toHaveLength(0);
  });

  it('copies the snippet and the lab link, each with its own live status', async () => {
    const writeText = stubClipboard();
    useLab.getState().set({ model: 'untrained', seed: 3 });
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Copy HTML' }));
    expect(writeText).toHaveBeenLastCalledWith(snippetField().value);
    expect(screen.getByText('HTML copied')).toHaveAttribute('aria-live', 'polite');
    await userEvent.click(screen.getByRole('button', { name: 'Copy lab link' }));
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/?seed=3&lang=en`);
    expect(screen.getByText('Link copied')).toHaveAttribute('aria-live', 'polite');
  });

  it('without a clipboard, selects the snippet and asks for Ctrl+C', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: undefined }));
    await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Copy HTML' }));
    const field = snippetField();
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length]);
    expect(screen.getByText(/The HTML is selected: press Ctrl\+C/)).toHaveAttribute('aria-live', 'polite');
  });

  it('closes with the close button or Escape (the browser closes the dialog), and focus returns to the opener', async () => {
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const opener = screen.getByRole('button', { name: 'Embed / share…' });
    expect(opener).toHaveFocus();
    await userEvent.click(opener);
    (screen.getByRole('dialog') as HTMLDialogElement).close();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });

  it('opens on the walkthrough step the student is on', async () => {
    useLab.getState().set({ page: 'walkthrough' });
    useWalkthrough.setState({ step: 'mask' });
    await openDialog();
    expect(screen.getByRole('combobox', { name: 'Widget' })).toHaveValue('walkthrough-step');
    expect(screen.getByRole('combobox', { name: 'Walkthrough step' })).toHaveValue('mask');
    expect(srcOf(snippetField().value).searchParams.get('page')).toBeNull();
  });

  it('in Chinese', async () => {
    useUi.setState({ locale: 'zh' });
    render(<EmbedButton baseUri={BASE} />);
    await userEvent.click(screen.getByRole('button', { name: '嵌入 / 分享…' }));
    expect(screen.getByRole('dialog', { name: '嵌入或分享当前视图' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '句子：只读' })).toBeDisabled();
    const snippet = (screen.getByRole('textbox', { name: '粘贴到你网页中的 HTML' }) as HTMLTextAreaElement).value;
    expect(snippet).toContain('title="注意力实验室：所选注意力头的热力图"');
    expect(srcOf(snippet).searchParams.get('lang')).toBe('zh');
  });
});
