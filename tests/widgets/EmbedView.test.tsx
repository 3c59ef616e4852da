import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUi } from '../../src/state/uiStore';
import { DEFAULT_SETTINGS, settingsOf, useLab, type LabSettings } from '../../src/state/labStore';
import { DEFAULT_WALKTHROUGH, useWalkthrough } from '../../src/state/walkthroughStore';
import { DEFAULT_EMBED_OPTIONS, EMBED_CONTROLS, EMBED_WIDGETS, type EmbedOptions, type EmbedWidget } from '../../src/shared/embedContract';
import { EmbedView } from '../../src/widgets/EmbedView';
import { lmModelStore } from '../../src/models/trained/lmModelStore';
import { labelledTrained } from '../components/headlabels/labelledModel';
import { parseEmbedQuery } from '../../src/widgets/parseEmbedQuery';

const TEXT = 'the cat sat on the mat';

beforeEach(() => {
  useLab.setState({ ...DEFAULT_SETTINGS, text: TEXT });
  useWalkthrough.setState(DEFAULT_WALKTHROUGH);
  act(() => useUi.setState({ locale: 'en' }));
});

afterEach(() => {
  act(() => lmModelStore.setState({ status: 'idle' }));
});

const opts = (o: Partial<EmbedOptions>): EmbedOptions => ({ ...DEFAULT_EMBED_OPTIONS, ...o });
const show = (o: Partial<EmbedOptions>, extra: Omit<Parameters<typeof EmbedView>[0], 'options'> = {}) => render(<EmbedView options={opts(o)} {...extra} />);

/** Finds what identifies each widget once it has rendered (the walkthrough ones load lazily). */
async function findWidget(widget: EmbedWidget): Promise<HTMLElement> {
  switch (widget) {
    case 'heatmap':
      return screen.findByRole('heading', { name: 'Layer 1, head 1' });
    case 'heads-grid':
      return screen.findByRole('button', { name: 'Layer 2, head 4' });
    case 'head-view':
      return screen.findByRole('heading', { name: /^Head view, layer 1/ });
    case 'walkthrough-step':
      return screen.findByRole('heading', { name: 'Softmax' });
    case 'sqrt-dk':
      return screen.findByTestId('wt-dk');
    case 'residual':
      return screen.findByTestId('wt-collapse-result');
    case 'predictions':
      return screen.findByRole('heading', { name: 'Next-token predictions' });
    case 'generation':
      return screen.findByRole('button', { name: 'Generate' });
  }
}

/** Every element inside that could take input: native controls and anything in the tab order. */
const interactive = (root: Element) => Array.from(root.querySelectorAll<HTMLElement>('input, select, textarea, button, [tabindex], [contenteditable], a[href]'));

function lockedSettings(): LabSettings {
  return settingsOf(useLab.getState());
}

describe('EmbedView: one widget', () => {
  it('renders each of the eight widgets, in both languages, without NaN or raw message keys', async () => {
    const trained = labelledTrained();
    // The others on the untrained model: on the default (trained) one with the store idle, each would start the
    // model's download, whose failure in jsdom can land after this loop has set the stand-in ready and replace it.
    useLab.setState({ model: 'untrained' });
    for (const widget of EMBED_WIDGETS) {
      // Predictions and generation need the trained model: a small stand-in, loaded. The others show the untrained one.
      const needsTrained = widget === 'predictions' || widget === 'generation';
      act(() => lmModelStore.setState(needsTrained ? { status: 'ready', trained } : { status: 'idle' }));
      const { container, unmount } = show({ widget });
      // Re-queried until it stays: the first paint of a run may be replaced once the run settles.
      await waitFor(async () => expect(await findWidget(widget), widget).toBeInTheDocument(), { timeout: 15_000 });
      for (const locale of ['zh', 'en'] as const) {
        act(() => useUi.setState({ locale }));
        expect(container.textContent, `${widget} ${locale}`).not.toMatch(/NaN|undefined|embed\.|walkthrough\.|lw\./);
      }
      // No controls asked for: the widget alone.
      expect(container.querySelector('.ev-controls')).toBeNull();
      // Generation's prompt box is part of the widget, not a control.
      if (widget !== 'generation') expect(screen.queryByRole('textbox')).toBeNull();
      unmount();
    }
    // Eight widgets, each drawn and translated twice: several seconds on a shared machine (the config's 60 s budget).
  });

  it('shows a walkthrough step chosen by the options', async () => {
    show({ widget: 'walkthrough-step', step: 'scale' });
    expect(await screen.findByRole('heading', { name: 'Divide by √d_k' })).toBeInTheDocument();
    expect(document.querySelector('[data-step="scale"]')).not.toBeNull();
  });

  it('shows the lab’s status instead of the widget when the sentence is empty', async () => {
    useLab.setState({ text: '   ' });
    const { container } = show({ widget: 'heads-grid', controls: ['text'] });
    expect(screen.getByRole('status')).toHaveTextContent(/Type a sentence/);
    expect(container.querySelector('.heads-grid-view')).toBeNull();
    // Typing brings the widget back.
    await userEvent.type(screen.getByRole('textbox'), 'hello world');
    expect(await findWidget('heads-grid')).toBeInTheDocument();
  });

  it('does not read window.location: only the options decide', () => {
    window.history.replaceState(null, '', '/embed.html?widget=head-view&controls=text,settings');
    try {
      show({ widget: 'heatmap' });
      expect(screen.getByRole('heading', { name: 'Layer 1, head 1' })).toBeInTheDocument();
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('heading', { name: /^Head view/ })).toBeNull();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('EmbedView: controls', () => {
  it('shows exactly the controls asked for, in their order, and hides the rest', () => {
    const { container } = show({ widget: 'heatmap', controls: ['settings', 'text', 'heads'] });
    const boxes = Array.from(container.querySelectorAll<HTMLElement>('.ev-control')).map((el) => el.dataset.control);
    expect(boxes).toEqual(['settings', 'text', 'heads']);
    expect(screen.getByRole('textbox', { name: /Your sentence/ })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Model' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Layer' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Mask' })).toBeNull();
  });

  it('unlocked controls drive the widget: text, mask with padding chips, layer / head and head toggles', async () => {
    show({ widget: 'heatmap', controls: ['text', 'mask', 'heads'] });
    const box = screen.getByRole('textbox');
    await userEvent.clear(box);
    await userEvent.type(box, 'one two three');
    expect(useLab.getState().text).toBe('one two three');
    await userEvent.click(screen.getByLabelText('Padding'));
    await userEvent.click(screen.getByRole('button', { name: 'Token 3 “three”: mark as padding' }));
    expect(useLab.getState().paddingTokens).toEqual([2]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Layer' }), 'Layer 2');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Head' }), 'Head 3');
    expect(screen.getByRole('heading', { name: 'Layer 2, head 3' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Head 3' }));
    expect(useLab.getState().disabledHeads).toEqual([{ layer: 1, head: 2 }]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Head' }), 'Average of the active heads');
    expect(useLab.getState().selectedHead).toBe('average');
  });

  it('offers the head select only where the widget shows one head', () => {
    const { unmount } = show({ widget: 'head-view', controls: ['heads'] });
    expect(screen.getByRole('combobox', { name: 'Layer' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Head' })).toBeNull();
    unmount();
    show({ widget: 'walkthrough-step', controls: ['heads'] });
    expect(screen.getByRole('combobox', { name: 'Head' })).toBeInTheDocument();
  });

  it('a locked control is disabled through and through: no input inside is enabled or in the tab order', async () => {
    useLab.setState({ maskMode: 'padding' });
    const { container } = show({ widget: 'heatmap', controls: [...EMBED_CONTROLS], locked: [...EMBED_CONTROLS] });
    const before = lockedSettings();
    const locks = Array.from(container.querySelectorAll('fieldset.ev-lock'));
    expect(locks).toHaveLength(4);
    for (const lock of locks) {
      expect(lock).toBeDisabled();
      expect(within(lock as HTMLElement).getByText('Locked by the page author')).toBeInTheDocument();
      const inputs = interactive(lock);
      expect(inputs.length).toBeGreaterThan(0);
      for (const el of inputs) {
        expect(el, el.outerHTML.slice(0, 80)).toBeDisabled();
        expect(el.matches(':disabled')).toBe(true);
      }
    }
    // Every kind of control is in there (the padding chips too).
    expect(screen.getByRole('textbox')).toBeDisabled();
    expect(screen.getByLabelText('Causal')).toBeDisabled();
    expect(screen.getByRole('button', { name: /Token 1 “the”/ })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Layer' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Head 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();

    // Pointer and keyboard: nothing changes.
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Causal'));
    await user.click(screen.getByRole('button', { name: /Token 1 “the”/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Head 1' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.type(screen.getByRole('textbox'), 'typed');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Layer' }), 'Layer 2').catch(() => undefined);
    // Tabbing through the whole frame never lands inside a lock.
    for (let i = 0; i < 40; i++) {
      await user.tab();
      for (const lock of locks) expect(lock.contains(document.activeElement)).toBe(false);
      // Arrows would move a radio group or a select; Space / Enter are left out (they would start the widget's downloads).
      await user.keyboard('{ArrowRight}{ArrowDown}');
    }
    // Events fired straight at the elements (no user could) are undone by the guard.
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'forced' } });
    fireEvent.click(screen.getByLabelText('Causal'));
    expect(lockedSettings()).toEqual({ ...before, matrixView: lockedSettings().matrixView });
  });

  it('locked heads also lock what the widget itself offers: the heads grid and the head view’s own toggles', async () => {
    useLab.setState({ selectedLayer: 1, selectedHead: 2 });
    const first = show({ widget: 'heads-grid', controls: ['heads'], locked: ['heads'] });
    const thumb = screen.getByRole('button', { name: 'Layer 1, head 1' });
    expect(thumb).toBeDisabled();
    await userEvent.click(thumb);
    expect(useLab.getState()).toMatchObject({ selectedLayer: 1, selectedHead: 2 });
    first.unmount();

    const { container } = show({ widget: 'head-view', controls: ['heads'], locked: ['heads'] });
    expect(container.querySelector('.ev')).toHaveAttribute('data-locked', 'heads');
    // The head view's own checkboxes are hidden by embed.css; if one were used anyway, the guard undoes it.
    const own = container.querySelector<HTMLInputElement>('.headview-heads input[type="checkbox"]')!;
    fireEvent.click(own);
    expect(useLab.getState().disabledHeads).toEqual([]);
    // The locked heads control shows the state instead, disabled.
    const lock = container.querySelector('fieldset.ev-lock')!;
    expect(within(lock as HTMLElement).getAllByRole('checkbox')).toHaveLength(4);
  });

  it('unlocked next to locked: the free control works, the locked one keeps its value', async () => {
    show({ widget: 'heatmap', controls: ['text', 'mask'], locked: ['mask'] });
    await userEvent.type(screen.getByRole('textbox'), ' again');
    expect(useLab.getState().text).toBe(`${TEXT} again`);
    expect(screen.getByLabelText('Causal')).toBeDisabled();
  });

  it('the settings panel’s Reset returns to the view the embed started with, not the lab’s defaults', async () => {
    useLab.setState({ model: 'untrained', embedDim: 32, numHeads: 8, seed: 7 });
    show({ widget: 'heatmap', controls: ['settings'] });
    await userEvent.selectOptions(screen.getByLabelText('Heads'), '2');
    expect(useLab.getState().numHeads).toBe(2);
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(useLab.getState()).toMatchObject({ embedDim: 32, numHeads: 8, seed: 7, text: TEXT });
    expect(DEFAULT_SETTINGS.numHeads).not.toBe(8);
  });
});

describe('EmbedView: text from the link is text', () => {
  it.each(['<img src=x onerror=alert(1)>', 'javascript:alert(1)', '<script>alert(1)</script> "onmouseover=alert(1)'])('renders %s as text only', (text) => {
    useLab.setState({ text });
    const { container } = show({ widget: 'heatmap', controls: ['text', 'mask'] });
    expect(screen.getByRole('textbox')).toHaveValue(text);
    expect(container.querySelector('img, script, iframe, object, embed')).toBeNull();
    for (const el of Array.from(container.querySelectorAll('*'))) {
      for (const attr of Array.from(el.attributes)) {
        expect(attr.name.startsWith('on'), `${el.tagName} ${attr.name}`).toBe(false);
        expect(attr.value.trim().toLowerCase().startsWith('javascript:'), `${el.tagName} ${attr.name}`).toBe(false);
      }
    }
    // The only link goes to the lab, with the text percent-encoded in its query.
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0].getAttribute('href')).toMatch(/^\.\/index\.html\?text=/);
  });

  it('shows the link’s bad values in the notices as text', () => {
    const parsed = parseEmbedQuery(`widget=${encodeURIComponent('<img src=x onerror=alert(1)>')}&controls=${encodeURIComponent('<b>bold</b>')}&d=${encodeURIComponent('<i>')}`);
    const { container } = show(parsed.options, { notices: parsed.notices });
    expect(screen.getByRole('status', { name: 'Problems with the embed settings' })).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(screen.getByRole('status', { name: 'Problems with the link' })).toHaveTextContent('<i>');
    expect(container.querySelector('img, b, i')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Layer 1, head 1' })).toBeInTheDocument();
  });
});

describe('EmbedView: notices and the link to the lab', () => {
  it('lists the lab’s and the embed’s notices, translated and dismissible one by one', async () => {
    const parsed = parseEmbedQuery('widget=nope&step=zzz&lock=text&layers=99');
    show(parsed.options, { notices: parsed.notices });
    const embed = screen.getByRole('status', { name: 'Problems with the embed settings' });
    expect(embed).toHaveTextContent('The link asks for the widget nope, which does not exist');
    expect(within(embed).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('status', { name: 'Problems with the link' })).toHaveTextContent('out of range');
    act(() => useUi.setState({ locale: 'zh' }));
    expect(screen.getByRole('status', { name: '嵌入设置中的问题' })).toHaveTextContent('链接要求显示组件 nope');
    act(() => useUi.setState({ locale: 'en' }));
    await userEvent.click(within(embed).getAllByRole('button', { name: 'Dismiss this notice' })[0]);
    expect(within(embed).getAllByRole('listitem')).toHaveLength(2);
    expect(embed).not.toHaveTextContent('widget nope');
  });

  it('links to the lab in a new tab with the current settings and language', async () => {
    useLab.setState({ text: 'a b', maskMode: 'causal' });
    show({ widget: 'heatmap', controls: ['text'] });
    const link = screen.getByRole('link', { name: /Open in Attention Lab/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    expect(link).toHaveAttribute('href', './index.html?text=a+b&mask=causal&lang=en');
    await userEvent.type(screen.getByRole('textbox'), ' c');
    expect(link).toHaveAttribute('href', './index.html?text=a+b+c&mask=causal&lang=en');
  });

  it('takes another lab address from the custom element helper', () => {
    useLab.setState(DEFAULT_SETTINGS);
    show({ widget: 'heatmap' }, { labUrl: 'https://example.org/lab/' });
    expect(screen.getByRole('link', { name: /Open in Attention Lab/ })).toHaveAttribute('href', 'https://example.org/lab/?lang=en');
  });
});
