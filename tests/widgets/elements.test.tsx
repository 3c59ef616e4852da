import { act, fireEvent, render, within } from '@testing-library/react';
import { useUi } from '../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { DEFAULT_WALKTHROUGH, useWalkthrough } from '../../src/state/walkthroughStore';
import { EMBED_WIDGETS } from '../../src/shared/embedContract';
import { EmbedView } from '../../src/widgets/EmbedView';
import { parseEmbedQuery } from '../../src/widgets/parseEmbedQuery';
import { defineElements } from '../../src/widgets/elements/defineElements';
import { ROOT_CLASS } from '../../src/widgets/elements/widgetStyles';

/*
 * The custom elements in jsdom: each renders its widget into its own shadow root from its own stores. The e2e spec
 * (tests/e2e/elements.spec.ts) checks the built bundle and the styles in Chromium.
 */

beforeAll(() => {
  defineElements();
});

let host: HTMLDivElement;

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS });
  useWalkthrough.setState(DEFAULT_WALKTHROUGH);
  act(() => useUi.setState({ locale: 'en' }));
  host = document.createElement('div');
  document.body.append(host);
});

afterEach(async () => {
  await act(async () => host.remove());
});

/** Creates an element with these attributes inside `parent` (default: the test's host) and lets it render. */
async function mount(name: string, attributes: Record<string, string>, parent: HTMLElement = host): Promise<HTMLElement> {
  const element = document.createElement(name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  await act(async () => parent.append(element));
  return element;
}

function shadowOf(element: HTMLElement): ShadowRoot {
  if (!element.shadowRoot) throw new Error(`${element.localName} has no open shadow root`);
  return element.shadowRoot;
}

/** Testing Library queries inside the element's shadow root (document-wide queries do not enter it). */
function inside(element: HTMLElement) {
  const root = shadowOf(element).querySelector<HTMLElement>(`.${ROOT_CLASS}`);
  if (!root) throw new Error(`${element.localName} has no render root`);
  return within(root);
}

/** The walkthrough widgets load lazily: the first import may take a while in a test run. */
const LAZY = { timeout: 15_000 };

async function setAttributes(element: HTMLElement, attributes: Record<string, string | null>): Promise<void> {
  await act(async () => {
    for (const [key, value] of Object.entries(attributes)) {
      if (value === null) element.removeAttribute(key);
      else element.setAttribute(key, value);
    }
  });
}

/** The selected-head panel's title, e.g. "Layer 1, head 2". */
function headingOf(element: HTMLElement): string {
  return inside(element).getByRole('heading', { level: 2 }).textContent ?? '';
}

describe('defineElements', () => {
  it('defines attention-<widget> for every embed widget, once', () => {
    for (const widget of EMBED_WIDGETS) expect(customElements.get(`attention-${widget}`), widget).toBeDefined();
    // Calling it again (the script included twice) defines nothing and does not throw.
    expect(defineElements()).toEqual([]);
  });
});

describe('custom elements: isolation', () => {
  it('renders two elements with different sentences and heads independently, leaving the app’s stores alone', async () => {
    const first = await mount('attention-heatmap', { text: 'The cat sat on the mat', h: '2', head: '1' });
    const second = await mount('attention-heatmap', { text: 'Dogs chase balls', h: '4', head: '3', mask: 'causal' });

    expect(headingOf(first)).toBe('Layer 1, head 2');
    expect(headingOf(second)).toBe('Layer 1, head 4');
    expect(shadowOf(first).textContent).toContain('mat');
    expect(shadowOf(first).textContent).not.toContain('Dogs');
    expect(shadowOf(second).textContent).toContain('Dogs');
    expect(shadowOf(second).textContent).not.toContain('mat');
    expect(useLab.getState().text).toBe(DEFAULT_SETTINGS.text);
    expect(useLab.getState().numHeads).toBe(DEFAULT_SETTINGS.numHeads);
  });

  it('changing an attribute updates only that element', async () => {
    const first = await mount('attention-heatmap', { text: 'one two three', h: '2' });
    const second = await mount('attention-heatmap', { text: 'four five six', h: '2' });
    await setAttributes(first, { text: 'seven eight', head: '1' });

    expect(shadowOf(first).textContent).toContain('seven');
    expect(headingOf(first)).toBe('Layer 1, head 2');
    expect(shadowOf(second).textContent).toContain('four');
    expect(headingOf(second)).toBe('Layer 1, head 1');
    expect(useLab.getState().text).toBe(DEFAULT_SETTINGS.text);
  });

  it('a reader’s choice in one element changes neither the other element nor the app', async () => {
    const first = await mount('attention-heatmap', { text: 'one two three', controls: 'heads' });
    const second = await mount('attention-heatmap', { text: 'one two three', controls: 'heads' });
    await act(async () => {
      fireEvent.change(inside(first).getByLabelText('Head'), { target: { value: '2' } });
    });
    expect(headingOf(first)).toBe('Layer 1, head 3');
    expect(headingOf(second)).toBe('Layer 1, head 1');
    expect(useLab.getState().selectedHead).toBe(0);
  });

  it('keeps the reader’s choices when an unrelated attribute changes, and follows the attributes that did', async () => {
    const element = await mount('attention-heatmap', { text: 'one two three', controls: 'heads' });
    await act(async () => {
      fireEvent.change(inside(element).getByLabelText('Head'), { target: { value: '2' } });
    });
    await setAttributes(element, { mask: 'causal' });
    expect(headingOf(element)).toBe('Layer 1, head 3');
    await setAttributes(element, { head: '1' });
    expect(headingOf(element)).toBe('Layer 1, head 2');
    // A removed attribute gives that setting its default back.
    await setAttributes(element, { head: null });
    expect(headingOf(element)).toBe('Layer 1, head 1');
  });

  it('gives each element its own walkthrough store (the √d_k slider)', async () => {
    const first = await mount('attention-sqrt-dk', {});
    const second = await mount('attention-sqrt-dk', {});
    const slider = await inside(first).findByRole('slider', {}, LAZY);
    await inside(second).findByRole('slider', {}, LAZY);
    await act(async () => {
      fireEvent.change(slider, { target: { value: '3' } });
    });
    expect(inside(first).getByTestId('wt-dk')).toHaveTextContent('8');
    expect(inside(second).getByTestId('wt-dk')).toHaveTextContent('64');
    expect(useWalkthrough.getState().dkExponent).toBe(DEFAULT_WALKTHROUGH.dkExponent);
  });

  it('speaks its lang attribute, else the page’s language, without touching the app’s saved language', async () => {
    localStorage.removeItem('attention-lab-ui');
    const chinese = await mount('attention-heatmap', { text: 'one two', lang: 'zh' });
    const zhSection = document.createElement('section');
    zhSection.setAttribute('lang', 'zh-CN');
    host.append(zhSection);
    const inPage = await mount('attention-heatmap', { text: 'one two' }, zhSection);
    const english = await mount('attention-heatmap', { text: 'one two', lang: 'en' }, zhSection);

    expect(headingOf(chinese)).toBe('第 1 层，头 1');
    expect(headingOf(inPage)).toBe('第 1 层，头 1');
    expect(headingOf(english)).toBe('Layer 1, head 1');
    expect(useUi.getState().locale).toBe('en');
    expect(localStorage.getItem('attention-lab-ui')).toBeNull();

    await setAttributes(chinese, { lang: 'en' });
    expect(headingOf(chinese)).toBe('Layer 1, head 1');
  });
});

describe('custom elements: attributes as embed parameters', () => {
  it('shows the same notices for bad attributes as the embed page does for a bad link', async () => {
    const query = 'text=one+two&h=banana&controls=text,bogus&lang=zh';
    const element = await mount('attention-heatmap', { text: 'one two', h: 'banana', controls: 'text,bogus', lang: 'zh' });

    const parsed = parseEmbedQuery(`${query}&widget=heatmap`);
    act(() => useUi.setState({ locale: 'zh' }));
    const page = render(<EmbedView options={parsed.options} notices={parsed.notices} />);
    const noticesOf = (root: ParentNode) => Array.from(root.querySelectorAll('.url-notice-text'), (n) => n.textContent);

    const expected = noticesOf(page.container);
    expect(expected).toHaveLength(2);
    expect(noticesOf(shadowOf(element))).toEqual(expected);
    // The default is used: the widget still works, with the default number of heads, and the known control shows.
    expect(inside(element).getByRole('textbox')).toHaveValue('one two');
    expect(headingOf(element)).toBe('第 1 层，头 1');
  });

  it('renders a hostile text attribute as text', async () => {
    const text = '<img src=x onerror="window.__elementXss=1"> <script>window.__elementXss=2</script>';
    const element = await mount('attention-heatmap', { text, controls: 'text' });
    const shadow = shadowOf(element);
    expect(shadow.querySelector('img, script, [onerror]')).toBeNull();
    expect(inside(element).getByRole('textbox')).toHaveValue(text);
    expect(shadow.textContent).toContain('onerror');
    expect((window as { __elementXss?: number }).__elementXss).toBeUndefined();
  });

  it('shows locked controls disabled, and still follows a script that changes a locked attribute', async () => {
    const element = await mount('attention-heatmap', { text: 'one two', controls: 'text,heads', lock: 'text' });
    expect(inside(element).getByRole('textbox')).toBeDisabled();
    expect(inside(element).getByLabelText('Head')).toBeEnabled();
    await setAttributes(element, { text: 'three four five' });
    expect(inside(element).getByRole('textbox')).toHaveValue('three four five');
    expect(inside(element).getByRole('textbox')).toBeDisabled();
  });

  it('the settings panel’s Reset returns to the element’s attributes and keeps the locked mask', async () => {
    const element = await mount('attention-heatmap', { text: 'one two three', mask: 'causal', controls: 'settings,mask', lock: 'mask', d: '16' });
    expect(inside(element).getByLabelText('Causal', { exact: true })).toBeChecked();
    const labLink = () => inside(element).getByRole('link').getAttribute('href');
    expect(labLink()).toMatch(/d=16&mask=causal/);
    await act(async () => {
      fireEvent.change(inside(element).getByLabelText('Width (d_model)'), { target: { value: '24' } });
    });
    expect(labLink()).toMatch(/d=24/);
    await act(async () => {
      fireEvent.click(inside(element).getByRole('button', { name: 'Reset' }));
    });
    // Back to the attributes' view, not the lab's defaults (width 16 is not the default).
    expect(labLink()).toMatch(/d=16&mask=causal/);
    expect(inside(element).getByLabelText('Causal', { exact: true })).toBeChecked();
  });

  it('ignores a widget attribute: the element’s name decides', async () => {
    const element = await mount('attention-heatmap', { text: 'one two', widget: 'heads-grid' });
    expect(headingOf(element)).toBe('Layer 1, head 1');
    expect(shadowOf(element).querySelector('.heads-grid-view')).toBeNull();
  });
});

describe('custom elements: lifecycle', () => {
  it('unmounts its React tree when removed, and renders again (with the same state) when put back', async () => {
    const element = await mount('attention-heatmap', { text: 'one two three', controls: 'heads' });
    await act(async () => {
      fireEvent.change(inside(element).getByLabelText('Head'), { target: { value: '1' } });
    });
    const container = shadowOf(element).querySelector(`.${ROOT_CLASS}`);
    expect(container?.childElementCount).toBeGreaterThan(0);

    await act(async () => element.remove());
    expect(container?.childElementCount).toBe(0);

    await act(async () => host.append(element));
    expect(headingOf(element)).toBe('Layer 1, head 2');
  });

  it('stays mounted when moved within the page', async () => {
    const element = await mount('attention-heatmap', { text: 'one two three' });
    const heading = inside(element).getByRole('heading', { level: 2 });
    const elsewhere = document.createElement('div');
    host.append(elsewhere);
    await act(async () => elsewhere.append(element));
    expect(inside(element).getByRole('heading', { level: 2 })).toBe(heading);
  });

  it('applies several attribute changes made together', async () => {
    const element = await mount('attention-heads-grid', { text: 'a b c', h: '2' });
    expect(inside(element).getByRole('button', { name: 'Layer 2, head 2' })).toBeInTheDocument();
    await setAttributes(element, { h: '4', layers: '1' });
    expect(inside(element).getByRole('button', { name: 'Layer 1, head 4' })).toBeInTheDocument();
    expect(inside(element).queryByRole('button', { name: /^Layer 2/ })).toBeNull();
  });
});
