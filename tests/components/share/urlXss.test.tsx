import { render, screen } from '@testing-library/react';
import { App } from '../../../src/App';
import { useUi } from '../../../src/state/uiStore';
import { DEFAULT_SETTINGS, useLab } from '../../../src/state/labStore';
import { initUrlSync, useUrlNotices } from '../../../src/state/url/urlSync';

// A link is untrusted input: whatever text it carries must reach the page as text, never as markup.
const payloads = ['<img src=x onerror=alert(1)>', 'javascript:alert(1)', '<svg onload=alert(1)><script>alert(1)</script>'];

let stop: (() => void) | undefined;
beforeEach(() => {
  useLab.setState(DEFAULT_SETTINGS);
  useUi.setState({ locale: 'en' });
  useUrlNotices.setState({ notices: [] });
});
afterEach(() => {
  stop?.();
  stop = undefined;
  window.history.replaceState(null, '', '/');
});

describe('text from the URL in the whole page', () => {
  it.each(payloads)('%s is shown verbatim and injects nothing', (payload) => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    window.history.replaceState(null, '', `/?text=${encodeURIComponent(payload)}`);
    stop = initUrlSync();
    expect(useLab.getState().text).toBe(payload);
    const { container } = render(<App />);
    expect(screen.getByRole('textbox')).toHaveValue(payload);
    expect(container.querySelector('script, iframe, object, embed, img[src="x"]')).toBeNull();
    const handlers = Array.from(container.querySelectorAll('*')).flatMap((el) => Array.from(el.attributes, (a) => a.name).filter((name) => name.startsWith('on')));
    expect(handlers).toEqual([]);
    expect(Array.from(container.querySelectorAll('a[href]'), (a) => a.getAttribute('href'))).not.toContain(payload);
    expect(alert).not.toHaveBeenCalled();
  });
});
