import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';

/*
 * The app's build (dist/) served as plain static files, the way an instructor's host serves it, on its own origin
 * (http://127.0.0.1:<port>; course pages come from otherSite.ts at http://localhost:<port>, another site). A spec
 * chooses whether it sends CORS headers and may make one file missing or damaged, which neither `vite preview` nor
 * `python3 -m http.server` can be told to do.
 */

export interface AppSiteOptions {
  /** The folder to serve (the app's build). */
  readonly root: string;
  /** Send `Access-Control-Allow-Origin: *` with every file (a host set up for other sites' pages). */
  readonly cors: boolean;
  /** What to send instead of the file at a path (e.g. '/models/lm/model.bin'): a 404, or these bytes. */
  readonly replace?: Readonly<Record<string, 404 | ((file: Buffer) => Buffer)>>;
}

export interface AppSite {
  /** e.g. http://127.0.0.1:39123 */
  readonly origin: string;
  /** The paths asked for, in order (to check what a page fetched). */
  readonly requests: readonly string[];
  readonly close: () => Promise<void>;
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.md': 'text/markdown; charset=utf-8',
};

export async function startAppSite({ root, cors, replace = {} }: AppSiteOptions): Promise<AppSite> {
  const requests: string[] = [];
  const base = resolve(root);
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
      requests.push(path);
      const headers: Record<string, string> = cors ? { 'access-control-allow-origin': '*' } : {};
      const file = resolve(base, `.${path.endsWith('/') ? `${path}index.html` : path}`);
      const rule = replace[path];
      let body: Buffer | null = null;
      // Nothing outside the served folder, whatever the path says.
      if (rule !== 404 && (file === base || file.startsWith(base + sep))) body = await readFile(file).catch(() => null);
      if (body === null) {
        response.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('not found');
        return;
      }
      if (typeof rule === 'function') body = rule(body);
      response.writeHead(200, { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': String(body.length) }).end(body);
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
