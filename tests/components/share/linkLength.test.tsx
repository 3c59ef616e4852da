import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmbedButton } from '../../../src/components/share/EmbedButton';
import { ShareButton } from '../../../src/components/share/ShareButton';
import { UrlNotices } from '../../../src/components/share/UrlNotices';
import { useUi } from '../../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab, type LabSettings } from '../../../src/state/labStore';
import { fitLinkSettings, URL_LIMITS } from '../../../src/state/url/urlState';
import { applyQuery, useUrlNotices } from '../../../src/state/url/urlSync';
import { allCells } from '../../state/pairs';
import { withModalDialogs } from './modalDialogs';

const BASE = 'https://school.example/ai/lab/';
const MAX_LINK = 8192;
const CHINESE: LabSettings = { ...DEFAULT_SETTINGS, text: '我'.repeat(2000) };
const HEAVY: LabSettings = { ...CHINESE, maskMode: 'custom', customMask: allCells(URL_LIMITS.maxListEntries) };

withModalDialogs();
beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  useUi.setState({ locale: 'en' });
  useUrlNotices.setState({ notices: [] });
  window.history.replaceState(null, '', '/');
});
afterEach(() => vi.unstubAllGlobals());

const openDialog = async () => {
  render(<EmbedButton baseUri={BASE} />);
  await userEvent.click(screen.getByRole('button', { name: /Embed \/ share…|嵌入 \/ 分享…/ }));
  return screen.getByRole('dialog');
};
const valueOf = (name: string): string => (screen.getByRole('textbox', { name }) as HTMLInputElement | HTMLTextAreaElement).value;

describe('the share button with a link too long to carry everything', () => {
  it('copies a link under 8 KB and says what it leaves out', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    useLab.getState().set(HEAVY);
    render(<ShareButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect((writeText.mock.calls[0][0] as string).length).toBeLessThanOrEqual(MAX_LINK);
    const cells = fitLinkSettings(HEAVY, 'en').customMask.length;
    expect(screen.getByText('To stay short enough to open everywhere, the link keeps only the first 512 of the 2000 characters of the text.')).toBeInTheDocument();
    expect(screen.getByText(`To stay short enough to open everywhere, the link keeps only ${cells} of the 10000 cells of the custom mask.`)).toBeInTheDocument();
  });

  it('2,000 Chinese characters: the text hint, in English and in Chinese', () => {
    useLab.getState().set(CHINESE);
    const { unmount } = render(<ShareButton />);
    expect(document.querySelector('.share-hint')).toHaveTextContent(
      /^To stay short enough to open everywhere, the link keeps only the first 512 of the 2000 characters of the text\.$/,
    );
    unmount();
    useUi.setState({ locale: 'zh' });
    render(<ShareButton />);
    expect(document.querySelector('.share-hint')).toHaveTextContent(/^为了让链接足够短、在任何地方都能打开，链接只保留文字 2000 个字符中的前 512 个。$/);
  });

  it('no hint when the link carries everything', () => {
    useLab.getState().set({ text: 'The cat sat', maskMode: 'custom', customMask: [{ query: 0, key: 1 }] });
    render(<ShareButton />);
    expect(document.querySelector('.share-hint')).toBeNull();
  });
});

describe('the Embed dialog with a link too long to carry everything', () => {
  it('every link and snippet stays under 8 KB for 2,000 Chinese characters and a 10,000-cell mask, and the dialog says so', async () => {
    useLab.getState().set(HEAVY);
    const dialog = await openDialog();
    const embedLink = valueOf('Embed link');
    const snippet = valueOf('HTML to paste into your page');
    const element = valueOf('Without an iframe: custom element');
    const src = new DOMParser().parseFromString(snippet, 'text/html').querySelector('iframe')?.getAttribute('src') ?? '';
    expect(src).toBe(embedLink);
    for (const text of [embedLink, valueOf('Link to the full lab in this view'), element]) expect(text.length).toBeLessThanOrEqual(MAX_LINK);
    expect(within(dialog).getByText(/keeps only the first 512 of the 2000 characters of the text\./)).toBeInTheDocument();
    expect(within(dialog).getByText(/of the 10000 cells of the custom mask\./)).toBeInTheDocument();
  });

  it('a text full of quotes still gives a custom-element snippet under 8 KB (HTML escapes each into 6 characters)', async () => {
    useLab.getState().set({ text: '"&'.repeat(1000) });
    await openDialog();
    expect(valueOf('Without an iframe: custom element').length).toBeLessThanOrEqual(MAX_LINK);
    expect(valueOf('Embed link').length).toBeLessThanOrEqual(MAX_LINK);
    expect(screen.getByText(/the link keeps only the first \d+ of the 2000 characters of the text\./)).toBeInTheDocument();
  });

  it('says what the custom element needs from another site (CORS, or the download) and from the page (http, not file://)', async () => {
    const dialog = await openDialog();
    const element = within(dialog).getByText('Without an iframe: custom element').closest('details') as HTMLElement;
    expect(element).toHaveTextContent(/this site must send the header Access-Control-Allow-Origin/);
    expect(element).toHaveTextContent(/The simplest path is “Download for your site” below/);
    expect(element).toHaveTextContent(/not opened straight from the disk \(file:\/\/\)/);
    expect(within(element).getByRole('button', { name: 'Download for your site' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
  });

  it('says it in Chinese too', async () => {
    useUi.setState({ locale: 'zh' });
    const dialog = await openDialog();
    const element = within(dialog).getByText('不用 iframe：自定义元素').closest('details') as HTMLElement;
    expect(element).toHaveTextContent(/本站必须发送 Access-Control-Allow-Origin 响应头/);
    expect(element).toHaveTextContent(/“下载到你的网站”/);
    expect(element).toHaveTextContent(/file:\/\//);
  });
});

describe('notices about parameters that are not the lab’s', () => {
  it('name and value are quoted cut short', () => {
    applyQuery(`zzz=${'z'.repeat(100_000)}&${'n'.repeat(100_000)}=1`);
    render(<UrlNotices />);
    const items = screen.getAllByRole('listitem').map((li) => li.querySelector('.url-notice-text')?.textContent ?? '');
    expect(items).toHaveLength(2);
    expect(items[0]).toBe(`The link sets zzz to ${'z'.repeat(79)}…, but the lab has no such setting; it is left out of the address and of shared links.`);
    expect(items[1]).toBe(`The link sets ${'n'.repeat(39)}… to 1, but the lab has no such setting; it is left out of the address and of shared links.`);
    expect(document.body.textContent!.length).toBeLessThan(1000);
  });

  it('beyond five names, a count; in Chinese too', () => {
    useUi.setState({ locale: 'zh' });
    applyQuery('a=1&b=2&c=3&d=16&e=4&f=5&g=6&i=7');
    render(<UrlNotices />);
    const items = screen.getAllByRole('listitem').map((li) => li.querySelector('.url-notice-text')?.textContent);
    expect(items[0]).toBe('链接把 a 设为 1，但实验台没有这项设置；它已从地址中去掉，分享的链接也不会带上它。');
    expect(items[5]).toBe('链接还设置了另外 2 个实验台没有的参数；它们也已去掉。');
    act(() => useUi.setState({ locale: 'en' }));
    expect(screen.getAllByRole('listitem')[5].querySelector('.url-notice-text')).toHaveTextContent(
      'The link also sets 2 more parameters the lab has no setting for; they are left out as well.',
    );
  });
});
