import { act, waitFor, within } from '@testing-library/react';
import { useUi } from '../../src/state/uiStore';
import { lmModelStore, setModelBase, type LmLoadState } from '../../src/models/trained/lmModelStore';
import { kindText, translate } from '../../src/i18n/translate';
import { defineElements } from '../../src/widgets/elements/defineElements';
import { modelFailureCause, modelFailureText } from '../../src/models/trained/trainedStatus';
import { ROOT_CLASS } from '../../src/widgets/elements/widgetStyles';

/*
 * A custom element that runs the trained model says, inside its own box and in its own language, why the model's
 * file could not be used: refused (CORS, no server), not found, damaged. The untrained model stands in meanwhile.
 * The e2e spec (tests/e2e/elementFailures.spec.ts) does the same across two real origins.
 */

type LoadError = Extract<LmLoadState, { status: 'error' }>;
const SCRIPT = 'https://lab.example.org/tools/attention-lab-widgets.js';
const MODEL = 'https://lab.example.org/tools/models/lm/model.bin';

describe('modelFailureCause / modelFailureText', () => {
  const en = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('en', key, params);
  const cases: readonly [LoadError, string, RegExp][] = [
    [{ status: 'error', reason: 'network', detail: 'Failed to fetch' }, 'refused', /could not be fetched from https:\/\/lab\.example\.org: .*CORS/],
    [{ status: 'error', reason: 'network', detail: 'HTTP 404', httpStatus: 404 }, 'not-found', /not found at https:\/\/lab\.example\.org\/tools\/models\/lm\/model\.bin \(404\)/],
    [{ status: 'error', reason: 'network', detail: 'HTTP 503', httpStatus: 503 }, 'status', /answered 503/],
    [{ status: 'error', reason: 'broken', detail: 'it does not start with ATTNLM01.' }, 'damaged', /is damaged or not a model file \(it does not start with ATTNLM01\.\)/],
    [{ status: 'error', reason: 'mismatch', detail: '3×4 heads' }, 'mismatch', /does not fit this version/],
  ];
  it.each(cases)('%o is %s', (state, cause, text) => {
    expect(modelFailureCause(state)).toBe(cause);
    expect(kindText(en, modelFailureText(state, MODEL))).toMatch(text);
    expect(kindText(en, modelFailureText(state, MODEL))).toMatch(/The untrained model is shown instead\.$/);
  });
});

describe('a custom element whose model file fails', () => {
  let host: HTMLDivElement;
  let fetchFile: ReturnType<typeof vi.fn<(url: string) => Promise<Response>>>;

  beforeAll(() => {
    defineElements();
  });
  beforeEach(() => {
    setModelBase(SCRIPT);
    act(() => useUi.setState({ locale: 'en' }));
    act(() => lmModelStore.setState({ status: 'idle' }, true));
    fetchFile = vi.fn<(url: string) => Promise<Response>>();
    vi.stubGlobal('fetch', fetchFile);
    host = document.createElement('div');
    document.body.append(host);
  });
  afterEach(async () => {
    await act(async () => host.remove());
    vi.unstubAllGlobals();
  });

  async function mount(attributes: Record<string, string>, lang?: string, name = 'attention-heatmap'): Promise<HTMLElement> {
    const section = document.createElement('section');
    if (lang) section.setAttribute('lang', lang);
    host.append(section);
    const element = document.createElement(name);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    await act(async () => section.append(element));
    return element;
  }
  const inside = (element: HTMLElement) => within(element.shadowRoot!.querySelector<HTMLElement>(`.${ROOT_CLASS}`)!);

  it('not found (404): says so in the page’s language, next to the untrained model’s drawing', async () => {
    fetchFile.mockResolvedValue(new Response('not found', { status: 404 }));
    const element = await mount({ text: 'one two' }, 'zh-CN');
    const alert = await inside(element).findByRole('alert');
    expect(alert).toHaveTextContent(`在 ${MODEL} 找不到训练好的模型文件（404）`);
    expect(alert).toHaveTextContent('现在显示未训练的模型');
    expect(fetchFile).toHaveBeenCalledWith(MODEL);
    // The untrained model is drawn: the selected head's title, no start token among the tokens.
    expect(inside(element).getByRole('heading', { level: 2 })).toHaveTextContent('第 1 层，头 1');
    expect(element.shadowRoot!.textContent).not.toContain('⟨start⟩');
  });

  it('refused (a TypeError: CORS or no server): names CORS, in English; “Try again” fetches again', async () => {
    fetchFile.mockRejectedValue(new TypeError('Failed to fetch'));
    const element = await mount({ text: 'one two' }, 'en');
    const alert = await inside(element).findByRole('alert');
    expect(alert).toHaveTextContent(/could not be fetched from https:\/\/lab\.example\.org: .*\(CORS: it must send Access-Control-Allow-Origin\)/);
    fetchFile.mockResolvedValue(new Response('not found', { status: 404 }));
    await act(async () => within(alert).getByRole('button', { name: 'Try again' }).click());
    await waitFor(() => expect(inside(element).getByRole('alert')).toHaveTextContent('was not found'));
    expect(fetchFile).toHaveBeenCalledTimes(2);
  });

  it('damaged: names a damaged file', async () => {
    fetchFile.mockResolvedValue(new Response(new Uint8Array(64).fill(7), { status: 200 }));
    const element = await mount({ text: 'one two', lang: 'en' });
    expect(await inside(element).findByRole('alert')).toHaveTextContent(/at https:\/\/lab\.example\.org\/\S+ is damaged or not a model file \(The model file is damaged/);
  });

  it('says nothing in an element that runs the untrained model', async () => {
    fetchFile.mockResolvedValue(new Response('not found', { status: 404 }));
    const trained = await mount({ text: 'one two', lang: 'en' });
    const untrained = await mount({ text: 'one two', lang: 'en', model: 'untrained' });
    await inside(trained).findByRole('alert');
    expect(inside(untrained).queryByRole('alert')).toBeNull();
  });

  it('speaks in a predictions element even when its attributes say model=untrained: that widget runs the trained model', async () => {
    fetchFile.mockResolvedValue(new Response('not found', { status: 404 }));
    const element = await mount({ text: 'one two', lang: 'en', model: 'untrained' }, undefined, 'attention-predictions');
    expect(await inside(element).findByRole('alert')).toHaveTextContent('was not found');
  });
});
