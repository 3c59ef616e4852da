import { act, render, screen } from '@testing-library/react';
import { LessonTable, type TableBlock } from '../../src/lessons/LessonTable';
import { useUi } from '../../src/state/uiStore';
import { lessonBySlug } from '../../src/lessons/content';

/** Lesson 4's first table, the mask conventions. */
function maskingTable(): TableBlock {
  const table = lessonBySlug('masking')?.blocks.find((b): b is TableBlock => b.kind === 'table');
  if (!table) throw new Error('lesson 4 has no table');
  return table;
}

describe('a lesson table', () => {
  it.each(['en', 'zh'] as const)('%s: scrolls in a box that the keyboard reaches and that is named by the caption', (locale) => {
    act(() => useUi.setState({ locale }));
    const block = maskingTable();
    render(<LessonTable block={block} />);
    const table = screen.getByRole('table');
    const caption = table.querySelector('caption')?.textContent ?? '';
    expect(caption.length).toBeGreaterThan(10);
    const region = screen.getByRole('region', { name: caption });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toContainElement(table);
    expect(screen.getAllByRole('columnheader')).toHaveLength(block.columns.length);
  });
});
