import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A course page on another site than the app's: the app is served at http://127.0.0.1:4173 (playwright.config),
 * this server answers at http://localhost:<port>. Different hosts make different sites, so frames of the app inside
 * these pages are third-party frames, as in an instructor's LMS or blog (Chromium then refuses them localStorage).
 */
export interface OtherSite {
  /** e.g. http://localhost:39123 */
  readonly origin: string;
  /** Serves `html` at `path` (e.g. '/course.html') from now on, with extra response headers (e.g. a CSP) if given. */
  readonly page: (path: string, html: string, headers?: Readonly<Record<string, string>>) => string;
  readonly close: () => Promise<void>;
}

export async function startOtherSite(): Promise<OtherSite> {
  const pages = new Map<string, { html: string; headers: Readonly<Record<string, string>> }>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const served = pages.get(path);
    if (served === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { ...served.headers, 'content-type': 'text/html; charset=utf-8' }).end(served.html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    page: (path, html, headers = {}) => {
      pages.set(path, { html, headers });
      return `${origin}${path}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A course page around the given snippets, as an instructor would paste them. */
export function coursePage(title: string, snippets: readonly string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>
<h1>${title}</h1>
${snippets.map((s, i) => `<section><h2>Widget ${i + 1}</h2>\n${s}\n</section>`).join('\n')}
</body></html>`;
}
