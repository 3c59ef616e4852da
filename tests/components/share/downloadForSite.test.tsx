import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strFromU8, unzipSync } from 'fflate';
import { DownloadForSite } from '../../../src/components/share/DownloadForSite';
import { EmbedButton } from '../../../src/components/share/EmbedButton';
import { useUi } from '../../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { DEFAULT_WALKTHROUGH, useWalkthrough } from '../../../src/state/walkthroughStore';
import { withModalDialogs } from './modalDialogs';

const BASE = 'https://school.example/ai/lab/';
const LINK = `${BASE}embed.html?text=The+cat+sat&lang=en&widget=heatmap`;
const MODEL_SIZE = 1_000_000;

/** A response whose body the test feeds chunk by chunk. */
function streamed(size: number) {
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
  return {
    response: new Response(body, { headers: { 'content-length': String(size), 'content-type': 'application/octet-stream' } }),
    push: (bytes: Uint8Array) => feed.enqueue(bytes),
    end: () => feed.close(),
  };
}

/** The fetch the component calls, answering per file; records the URLs asked for. */
function stubFetch(answer: (path: string) => Response | Promise<Response>): string[] {
  const urls: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    urls.push(url);
    return Promise.resolve(answer(new URL(url).pathname));
  });
  return urls;
}

/** Captures what downloadBlob saves: object URLs are not in jsdom, and a click on <a download> would navigate. */
function captureDownloads(): { readonly name: string; readonly blob: Blob }[] {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}

beforeEach(() => useUi.setState({ locale: 'en' }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

const button = () => screen.getByRole('button', { name: 'Download for your site' });

describe('DownloadForSite', () => {
  it('shows the progress of each file, then saves the zip with the files it fetched', async () => {
    const saved = captureDownloads();
    const model = streamed(MODEL_SIZE);
    const urls = stubFetch((path) => {
      if (path.endsWith('model.bin')) return model.response;
      return new Response(path.endsWith('.js') ? 'export {};' : '# card', { headers: { 'content-type': 'text/plain' } });
    });
    render(<DownloadForSite embedLink={LINK} />);
    await userEvent.click(button());

    const status = screen.getByRole('status');
    await act(async () => model.push(new Uint8Array(MODEL_SIZE / 2).fill(7)));
    await vi.waitFor(() => expect(status).toHaveTextContent('Fetching models/lm/model.bin: 0.5 of 1.0 MB…'));
    const bar = screen.getByRole('progressbar', { name: 'Download progress' });
    expect(bar).toHaveAttribute('value', String(MODEL_SIZE / 2));
    expect(bar).toHaveAttribute('max', String(MODEL_SIZE));
    // Busy: a second click starts nothing (the button stays focusable, marked disabled).
    expect(button()).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button());

    await act(async () => {
      model.push(new Uint8Array(MODEL_SIZE / 2).fill(9));
      model.end();
    });
    await vi.waitFor(() => expect(status).toHaveTextContent('Saved attention-lab-widgets.zip. Unzip it, upload the whole folder to your site and open index.html there.'));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(button()).toHaveAttribute('aria-disabled', 'false');
    expect(urls).toEqual([`${BASE}attention-lab-widgets.js`, `${BASE}models/lm/model.bin`, `${BASE}models/lm/README.md`]);

    expect(saved.map((s) => s.name)).toEqual(['attention-lab-widgets.zip']);
    expect(saved[0].blob.type).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await saved[0].blob.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'attention-lab-widgets.js', 'index.html', 'models/lm/README.md', 'models/lm/model.bin']);
    expect(files['models/lm/model.bin']).toHaveLength(MODEL_SIZE);
    expect(files['models/lm/model.bin'][0]).toBe(7);
    expect(files['models/lm/model.bin'][MODEL_SIZE - 1]).toBe(9);
    expect(strFromU8(files['index.html'])).toContain('<script type="module" src="./attention-lab-widgets.js"></script>\n<attention-heatmap text="The cat sat" lang="en" lab="https://school.example/ai/lab/index.html"><span>The Attention Lab widget has not loaded.');
  });

  it('says which file could not be fetched, and why, and can try again', async () => {
    captureDownloads();
    stubFetch((path) => (path.endsWith('model.bin') ? new Response('not found', { status: 404 }) : new Response('x')));
    render(<DownloadForSite embedLink={LINK} />);
    await userEvent.click(button());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Could not fetch models/lm/model.bin (${BASE}models/lm/model.bin): the server answered 404. Is the lab a full build (npm run build)?`);
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.queryByRole('progressbar')).toBeNull();

    // Offline this time: the message changes, and still names the file.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await userEvent.click(button());
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(`Could not fetch attention-lab-widgets.js (${BASE}attention-lab-widgets.js): the request failed.`));
  });

  it('explains that a lab opened from file:// cannot fetch its files, without trying', async () => {
    const urls = stubFetch(() => new Response('x'));
    render(<DownloadForSite embedLink="file:///home/me/lab/embed.html?lang=en&widget=heatmap" />);
    await userEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent('The lab is opened from a file on this computer (file://), where the browser cannot fetch attention-lab-widgets.js.');
    expect(urls).toEqual([]);
  });

  it('stops fetching when it goes away (the dialog closed mid-download)', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal('fetch', (_url: string, init: { signal?: AbortSignal }) => {
      signal = init.signal;
      return new Promise<Response>(() => {});
    });
    const { unmount } = render(<DownloadForSite embedLink={LINK} />);
    await userEvent.click(button());
    expect(signal?.aborted).toBe(false);
    unmount();
    expect(signal?.aborted).toBe(true);
  });
});

describe('in the Embed dialog', () => {
  withModalDialogs();
  beforeEach(() => {
    useLab.setState(DEFAULT_SETTINGS);
    useWalkthrough.setState(DEFAULT_WALKTHROUGH);
  });

  it('sits in the custom-element section, in the dialog’s language, and fetches from the app’s folder', async () => {
    useUi.setState({ locale: 'zh' });
    captureDownloads();
    const urls = stubFetch(() => new Response('not found', { status: 404 }));
    render(<EmbedButton baseUri={`${BASE}index.html`} />);
    await userEvent.click(screen.getByRole('button', { name: '嵌入 / 分享…' }));
    const dialog = screen.getByRole('dialog');
    const section = dialog.querySelector('details.embed-element');
    expect(section).not.toBeNull();
    await userEvent.click(within(section as HTMLElement).getByText('不用 iframe：自定义元素'));
    await userEvent.click(within(section as HTMLElement).getByRole('button', { name: '下载到你的网站' }));
    expect(await within(section as HTMLElement).findByRole('alert')).toHaveTextContent('无法获取 attention-lab-widgets.js');
    expect(urls).toEqual([`${BASE}attention-lab-widgets.js`]);
  });
});
