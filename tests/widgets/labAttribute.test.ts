import { labAddress } from '../../src/widgets/elements/labAttribute';

describe('the element’s lab attribute', () => {
  it('takes an absolute http(s) address for the "Open in Attention Lab" link', () => {
    expect(labAddress('https://school.example/ai/lab/index.html')).toBe('https://school.example/ai/lab/index.html');
    expect(labAddress(' http://127.0.0.1:4173/ ')).toBe('http://127.0.0.1:4173/');
  });

  it('refuses what must not become a link: none, script URLs, relative paths, other schemes', () => {
    for (const value of [null, '', 'javascript:alert(1)', 'JAVASCRIPT:alert(1)', './index.html', '/lab/', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'not a url']) {
      expect(labAddress(value), String(value)).toBeNull();
    }
  });
});
