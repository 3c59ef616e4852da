import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildMask, type Matrix } from '../../../src/engine';
import { downloadBlob, safeFileStem } from '../../../src/components/export/download';
import { ExportMenu } from '../../../src/components/export/ExportMenu';
import { canRenderPng, svgSize, svgToPngBlob } from '../../../src/components/export/png';
import { useUi } from '../../../src/state/uiStore';

const tokens = ['The', 'cat', 'sat'];
const weights: Matrix = { rows: 3, cols: 3, data: Float32Array.from([1, 0, 0, 0.5, 0.5, 0, 0.2, 0.3, 0.5]) };
const mask = buildMask(3, 3, { causal: true });

/** Captures what downloadBlob would save: object URLs are not in jsdom, and a click on <a download> navigates. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  let n = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:test/${n++}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
  return saved;
}

beforeEach(() => useUi.setState({ locale: 'en' }));
afterEach(() => {
  vi.restoreAllMocks();
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

function renderMenu() {
  return render(<ExportMenu matrix={weights} queryTokens={tokens} kind="weights" mask={mask} title="Layer 1, head 2" fileName="attention L1/H2" />);
}

describe('ExportMenu', () => {
  it('renders four labelled buttons: PNG, SVG, CSV, JSON', () => {
    renderMenu();
    const group = screen.getByRole('group', { name: 'Export: Layer 1, head 2' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['PNG', 'SVG', 'CSV', 'JSON']);
    expect(buttons[1]).toHaveAccessibleName('Download “Layer 1, head 2” as an SVG vector image');
  });

  it('is keyboard operable: Tab to a button, Enter or Space downloads the file', async () => {
    const saved = captureDownloads();
    const user = userEvent.setup();
    renderMenu();
    await user.tab();
    expect(screen.getByRole('button', { name: /PNG/ })).toHaveFocus();
    await user.tab();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard(' ');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(saved.map((s) => s.name)).toEqual(['attention-L1-H2.svg', 'attention-L1-H2.csv', 'attention-L1-H2.json']);
    expect(saved.map((s) => s.blob.type)).toEqual(['image/svg+xml;charset=utf-8', 'text/csv;charset=utf-8', 'application/json;charset=utf-8']);
    const svg = await saved[0].blob.text();
    expect(new DOMParser().parseFromString(svg, 'image/svg+xml').querySelectorAll('rect.cell')).toHaveLength(9);
    const csv = await saved[1].blob.text();
    expect(csv.split('\r\n')[2]).toBe('cat,0.5,0.5,');
    expect(JSON.parse(await saved[2].blob.text())).toMatchObject({ title: 'Layer 1, head 2', kind: 'weights', queries: tokens, keys: tokens });
    expect(screen.getByText('Saved attention-L1-H2.json')).toBeInTheDocument();
  });

  it('says so when PNG cannot be drawn (no canvas here), instead of failing silently', async () => {
    const saved = captureDownloads();
    renderMenu();
    await userEvent.click(screen.getByRole('button', { name: /PNG/ }));
    expect(saved).toEqual([]);
    expect(screen.getByText(/cannot draw the PNG/)).toBeInTheDocument();
  });

  it('speaks the interface language, also inside the files', async () => {
    useUi.setState({ locale: 'zh' });
    const saved = captureDownloads();
    renderMenu();
    const group = screen.getByRole('group', { name: '导出: Layer 1, head 2' });
    await userEvent.click(within(group).getByRole('button', { name: '将“Layer 1, head 2”下载为 SVG 矢量图' }));
    const doc = new DOMParser().parseFromString(await saved[0].blob.text(), 'image/svg+xml');
    expect(doc.querySelector('.axis-name.keys')?.textContent).toBe('键（被关注的位置）');
  });
});

describe('download and PNG helpers', () => {
  it('downloadBlob clicks a temporary link with the file name and releases the URL', () => {
    vi.useFakeTimers();
    const saved = captureDownloads();
    const blob = new Blob(['x'], { type: 'text/plain' });
    downloadBlob('a.txt', blob);
    expect(saved).toEqual([{ name: 'a.txt', blob }]);
    expect(document.querySelector('a[download]')).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/0');
    vi.useRealTimers();
  });

  it('safeFileStem keeps names file systems accept', () => {
    expect(safeFileStem('attention L1/H2')).toBe('attention-L1-H2');
    expect(safeFileStem('..\\..:*?"<>|')).toBe('attention');
    expect(safeFileStem('注意力 第1层')).toBe('注意力-第1层');
  });

  it('PNG export is guarded outside a browser', async () => {
    expect(canRenderPng()).toBe(false);
    await expect(svgToPngBlob('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')).rejects.toThrow(/browser canvas/);
    expect(svgSize('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80.5">')).toEqual({ width: 120, height: 80.5 });
  });
});
