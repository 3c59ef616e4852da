import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GuidePage } from '../../src/guide';
import { useUi } from '../../src/state/uiStore';
import { URL_PARAMS } from '../../src/state/url/urlState';
import { EMBED_PARAMS } from '../../src/shared/embedContract';

const BASE = 'https://school.example/ai/lab/';

beforeEach(() => {
  useUi.setState({ locale: 'en' });
  window.history.replaceState(null, '', '/#/guide');
});

describe('GuidePage', () => {
  it('renders the title (focused), the contents and a heading per section', () => {
    render(<GuidePage base={BASE} />);
    const title = screen.getByRole('heading', { level: 2, name: 'Instructor guide: embedding Attention Lab' });
    expect(title).toHaveFocus();
    expect(document.title).toBe('Instructor guide: embedding Attention Lab · Attention Lab');
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    const sections = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(within(contents).getAllByRole('link').map((a) => a.textContent)).toEqual(sections);
    expect(sections).toContain('Every parameter');
  });

  it('has a row for every parameter in the tables', () => {
    render(<GuidePage base={BASE} />);
    const lab = screen.getByRole('table', { name: /lab’s parameters/ });
    const embed = screen.getByRole('table', { name: /embed’s own parameters/ });
    expect(within(lab).getAllByRole('rowheader').map((th) => th.textContent)).toEqual([...URL_PARAMS]);
    expect(within(embed).getAllByRole('rowheader').map((th) => th.textContent)).toEqual([...EMBED_PARAMS]);
    expect(within(lab).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Parameter', 'Meaning', 'Allowed values', 'Default']);
    const d = within(lab).getByRole('rowheader', { name: 'd' }).closest('tr')!;
    expect(within(d).getAllByRole('cell').map((c) => c.querySelector('code')?.textContent)).toEqual([undefined, '1', '32']);
  });

  it('fills code examples with this copy’s address, as text', () => {
    const { container } = render(<GuidePage base={BASE} />);
    const code = Array.from(container.querySelectorAll('pre code'), (c) => c.textContent ?? '');
    expect(code.some((c) => c.startsWith(`<iframe src="${BASE}embed.html?`))).toBe(true);
    expect(code.some((c) => c.includes(`<script type="module" src="${BASE}attention-lab-widgets.js"></script>`))).toBe(true);
    expect(code.some((c) => c.includes('event.origin !== "https://school.example"'))).toBe(true);
    expect(code.join('\n')).not.toMatch(/\{base\}|\{origin\}/);
    // The examples are shown, never run or parsed.
    expect(container.querySelector('iframe, script, attention-heatmap')).toBeNull();
  });

  it('jumps to a section without changing the route', async () => {
    render(<GuidePage base={BASE} />);
    await userEvent.click(screen.getByRole('link', { name: 'Automatic height' }));
    expect(screen.getByRole('heading', { level: 3, name: 'Automatic height' })).toHaveFocus();
    expect(window.location.hash).toBe('#/guide');
  });

  it('in Chinese', () => {
    useUi.setState({ locale: 'zh' });
    render(<GuidePage base={BASE} />);
    expect(screen.getByRole('heading', { level: 2, name: '教师指南：嵌入注意力实验室' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /实验台的参数/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← 返回实验台' })).toBeInTheDocument();
  });
});
