import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EmbedButton } from '../../../src/components/share/EmbedButton';
import { heightCut } from '../../../src/components/share/embedHeightFit';
import { HEIGHT_MESSAGE } from '../../../src/shared/embedContract';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { useUi } from '../../../src/state/uiStore';
import { DEFAULT_WALKTHROUGH, useWalkthrough } from '../../../src/state/walkthroughStore';
import { withModalDialogs } from './modalDialogs';

// The Embed dialog's preview at a fixed size held a widget 1,005 px tall in a 520 px frame without a word. The
// widget reports its height at every size; the dialog now says when the snippet's frame would cut it off.

withModalDialogs();
beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  useWalkthrough.setState(DEFAULT_WALKTHROUGH);
  useUi.setState({ locale: 'en' });
});

async function openDialog(openLabel: string, dialogName: string) {
  render(<EmbedButton baseUri="https://school.example/lab/" />);
  await userEvent.click(screen.getByRole('button', { name: openLabel }));
  const dialog = screen.getByRole('dialog', { name: dialogName });
  const preview = within(dialog).getByTitle(/^(Preview|预览)/) as HTMLIFrameElement;
  const report = (height: number) => act(() => window.dispatchEvent(new MessageEvent('message', { data: { type: HEIGHT_MESSAGE, height }, source: preview.contentWindow })));
  return { dialog, preview, report };
}

describe('heightCut', () => {
  it('is the content and frame heights when a fixed frame is lower than the content, else null', () => {
    expect(heightCut('medium', 1005)).toEqual({ content: 1005, frame: 520 });
    expect(heightCut('medium', 520)).toBeNull();
    expect(heightCut('large', 701)).toEqual({ content: 701, frame: 700 });
    expect(heightCut('auto', 5000)).toBeNull();
    expect(heightCut('small', null)).toBeNull();
  });
});

describe('the Embed dialog preview', () => {
  it('warns, next to the preview, when the widget is taller than the chosen frame; not for a full-width frame', async () => {
    const { dialog, preview, report } = await openDialog('Embed / share…', 'Embed or share this view');
    // The dialog starts with a full-width frame whose height follows the widget: nothing is cut off.
    expect(screen.getByRole('radio', { name: 'Full width, height adjusts to the content' })).toBeChecked();
    report(1005);
    expect(within(dialog).queryByText(/px tall/)).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Medium, 720 × 520' }));
    const warning = within(dialog).getByText(/^This widget is 1,005 px tall/);
    expect(warning).toHaveAttribute('role', 'status'); // announced when it appears
    expect(warning).toHaveTextContent(
      'This widget is 1,005 px tall; the snippet’s height of 520 px will cut it off, and readers will have to scroll inside the frame. Choose a larger size or “Full width, height adjusts to the content”.',
    );
    // In the preview's section, just before the frame.
    expect(warning.closest('section')).toBe(preview.closest('section'));
    expect(warning.compareDocumentPosition(preview) & Node.DOCUMENT_POSITION_FOLLOWING).not.toBe(0);

    await userEvent.click(screen.getByRole('radio', { name: 'Large, 960 × 700' }));
    expect(within(dialog).getByText(/^This widget is 1,005 px tall/)).toHaveTextContent('height of 700 px');
    await userEvent.click(screen.getByRole('radio', { name: 'Full width, height adjusts to the content' }));
    expect(within(dialog).queryByText(/px tall/)).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Medium, 720 × 520' }));
    expect(within(dialog).getByText(/^This widget is 1,005 px tall/)).toBeInTheDocument();
    report(480);
    expect(within(dialog).queryByText(/px tall/)).toBeNull();
  });

  it('forgets the height of another widget until the new one reports', async () => {
    const { dialog, report } = await openDialog('Embed / share…', 'Embed or share this view');
    await userEvent.click(screen.getByRole('radio', { name: 'Medium, 720 × 520' }));
    report(1005);
    expect(within(dialog).getByText(/^This widget is 1,005 px tall/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Widget' }), 'heads-grid');
    expect(within(dialog).queryByText(/px tall/)).toBeNull();
    report(900);
    expect(within(dialog).getByText(/^This widget is 900 px tall/)).toBeInTheDocument();
  });

  it('says it in Chinese too', async () => {
    useUi.setState({ locale: 'zh' });
    const { dialog, report } = await openDialog('嵌入 / 分享…', '嵌入或分享当前视图');
    expect(screen.getByRole('radio', { name: '占满宽度，高度随内容调整' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '中，720 × 520' }));
    report(1005);
    expect(within(dialog).getByText(/^这个组件高/)).toHaveTextContent(
      '这个组件高 1,005 像素；代码中的高度 520 像素会把它截断，读者只能在框架里滚动查看。请选择更大的尺寸，或选择“占满宽度，高度随内容调整”。',
    );
  });
});
