import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ShareButton } from '../../../src/components/share/ShareButton';
import { UrlNotices } from '../../../src/components/share/UrlNotices';
import { useUi } from '../../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { parseQuery, URL_LIMITS } from '../../../src/state/url/urlState';
import { applyQuery, useUrlNotices } from '../../../src/state/url/urlSync';

const XSS = '<img src=x onerror=alert(1)>';

beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  useUi.setState({ locale: 'en' });
  useUrlNotices.setState({ notices: [] });
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('UrlNotices', () => {
  it('renders nothing when the link was fine', () => {
    applyQuery('d=16');
    const { container } = render(<UrlNotices />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names each refused parameter and value, and what is used instead', () => {
    applyQuery('h=5&mask=evil&layers=99');
    render(<UrlNotices />);
    const status = screen.getByRole('status', { name: 'Problems with the link' });
    const items = within(status).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.url-notice-text')?.textContent)).toEqual([
      'The link asks for 5 heads, but that number does not divide the width evenly; 4 heads are used instead.',
      'The link sets layers to 99, which is out of range; 2 is used instead.',
      'The link sets mask to evil, which is not a valid value; none is used instead.',
    ]);
  });

  it('renders a hostile value as text: nothing is injected', () => {
    applyQuery(`mask=${encodeURIComponent(XSS)}&lang=${encodeURIComponent('"><script>alert(1)</script>')}`);
    const { container } = render(<UrlNotices />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    const values = Array.from(container.querySelectorAll('.url-notice-value'), (c) => c.textContent);
    expect(values).toEqual([XSS, '"><script>alert(1)</script>']);
  });

  it('shortens a very long value', () => {
    applyQuery(`text=${'y'.repeat(URL_LIMITS.maxTextLength + 5)}`);
    render(<UrlNotices />);
    expect(screen.getByRole('status')).toHaveTextContent(/^The value of text in the link \(y+…\) is too long; the example sentence is used instead\./);
  });

  it('each notice can be dismissed; the region goes when the last one does', async () => {
    applyQuery('d=abc&seed=-1');
    render(<UrlNotices />);
    const buttons = screen.getAllByRole('button', { name: 'Dismiss this notice' });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[0]);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('listitem')).toHaveTextContent('seed');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss this notice' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a repeated parameter names the value used and the one ignored, both as text', () => {
    applyQuery(`text=first&text=${encodeURIComponent(XSS)}`);
    const { container } = render(<UrlNotices />);
    expect(screen.getByRole('listitem')).toHaveTextContent(`The link sets text more than once: the first value, first, is used and ${XSS} is ignored.`);
    expect(container.querySelector('img')).toBeNull();
  });

  it('in Chinese', () => {
    useUi.setState({ locale: 'zh' });
    render(<UrlNotices notices={parseQuery('d=abc&pad=x').notices} onDismiss={() => {}} />);
    expect(screen.getAllByRole('listitem').map((li) => li.querySelector('.url-notice-text')?.textContent)).toEqual([
      '链接把 d 设为 abc，这不是有效的值，已改用 32。',
      '链接把 pad 设为 x，这不是有效的值，已改用 无。',
    ]);
    expect(screen.getAllByRole('button', { name: '关闭这条提示' })).toHaveLength(2);
  });
});

describe('ShareButton', () => {
  it('copies the URL of the current view and confirms through a live region', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    useLab.getState().set({ model: 'untrained', maskMode: 'causal', seed: 3 });
    render(<ShareButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/?seed=3&mask=causal&lang=en`);
    const live = screen.getByText('Link copied');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('without a clipboard, shows the link in a selected read-only input and asks for Ctrl+C', async () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: undefined }));
    render(<ShareButton getUrl={() => 'https://lab.example/?d=16&h=2'} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    const input = screen.getByRole('textbox', { name: 'Link to this view' }) as HTMLInputElement;
    expect(input).toHaveValue('https://lab.example/?d=16&h=2');
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveFocus();
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
    expect(screen.getByText(/press Ctrl\+C/)).toHaveAttribute('aria-live', 'polite');
  });

  it('when the clipboard refuses, the legacy copy of the selected input is tried', async () => {
    const writeText = vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    const execCommand = vi.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    render(<ShareButton getUrl={() => 'https://lab.example/'} />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByText('Link copied')).toBeInTheDocument();
    delete (document as { execCommand?: unknown }).execCommand;
  });

  it('warns when the text is too long to travel in full', () => {
    useLab.getState().set({ text: 'z'.repeat(URL_LIMITS.maxTextLength + 1) });
    render(<ShareButton />);
    expect(
      screen.getByText(`To stay short enough to open everywhere, the link keeps only the first ${URL_LIMITS.maxTextLength} of the ${URL_LIMITS.maxTextLength + 1} characters of the text.`),
    ).toBeInTheDocument();
  });

  it('in Chinese', async () => {
    useUi.setState({ locale: 'zh' });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText: vi.fn().mockResolvedValue(undefined) } }));
    render(<ShareButton />);
    await userEvent.click(screen.getByRole('button', { name: '复制链接' }));
    expect(screen.getByText('链接已复制')).toBeInTheDocument();
  });
});
