import { render, screen } from '@testing-library/react';
import { PlaygroundPage } from '../../../src/playground/components';
import { disposePlayground } from '../../../src/playground/playgroundStore';
import { createManualScheduler } from '../../../src/playground/scheduler';
import { createInProcessClient } from '../../../src/playground/trainingClient';
import { useUi } from '../../../src/state/uiStore';

afterEach(() => disposePlayground());

// On a phone the settings run a whole screen long: Start and the status line come before them, in reading and Tab order.
describe.each([
  ['en', 'Start', 'Task'],
  ['zh', '开始', '任务'],
] as const)('%s: the playground', (locale, start, task) => {
  it('puts Start and the status before the settings', () => {
    useUi.setState({ locale });
    window.history.replaceState(null, '', '/#/playground');
    const scheduler = createManualScheduler();
    render(<PlaygroundPage query="" createClient={() => createInProcessClient(scheduler, { now: () => 0 })} />);
    const startButton = screen.getByRole('button', { name: start });
    const taskSelect = screen.getByLabelText(task);
    const status = screen.getByRole('status');
    expect(startButton.compareDocumentPosition(taskSelect) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(status.compareDocumentPosition(taskSelect) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
