import { act, render, screen } from '@testing-library/react';
import { useUi } from '../../../src/state/uiStore';
import { SampleInputForm } from '../../../src/playground/components/SampleInputForm';
import { usePlayground } from '../../../src/playground/playgroundStore';

const NOT_IN_LINK = /too long to go in the link/;

describe('SampleInputForm', () => {
  beforeEach(() => act(() => useUi.setState({ locale: 'en' })));

  it('says when the student’s input is too long for the link (a loaded model’s long sequence)', () => {
    act(() => usePlayground.setState({ sampleInput: Array.from({ length: 1200 }, (_, i) => i % 10) }));
    render(<SampleInputForm seqLen={1200} vocab={10} />);
    expect(screen.getByText(NOT_IN_LINK)).toBeInTheDocument();
  });

  it('says nothing of the kind for a task’s own 16-digit input', () => {
    act(() => usePlayground.setState({ sampleInput: Array.from({ length: 16 }, (_, i) => i % 10) }));
    render(<SampleInputForm seqLen={16} vocab={10} />);
    expect(screen.queryByText(NOT_IN_LINK)).toBeNull();
  });
});
