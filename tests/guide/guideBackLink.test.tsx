import { render, screen } from '@testing-library/react';
import { GuidePage } from '../../src/guide';
import { useUi } from '../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab } from '../../src/state/labStore';
import { allCells } from '../state/pairs';


beforeEach(() => {
  useUi.setState({ locale: 'en' });
  useLab.setState(DEFAULT_SETTINGS);
});

describe('the guide’s link back to the lab', () => {
  it('carries the lab’s settings held under 8 KB, not what the page was opened with', () => {
    window.history.replaceState(null, '', `/?zzz=${'z'.repeat(100_000)}#/guide`);
    useLab.getState().set({ text: '我'.repeat(2000), maskMode: 'custom', customMask: allCells(10_000) });
    render(<GuidePage base="https://school.example/ai/lab/" />);
    const href = screen.getByRole('link', { name: /Back to the lab/ }).getAttribute('href') ?? '';
    expect(href.startsWith('/?text=')).toBe(true);
    expect(href).not.toContain('zzz');
    expect(href.length).toBeLessThanOrEqual(8192);
  });
});
