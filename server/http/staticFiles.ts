import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * unknown path answered with index.html so the client router owns deep links.
 */
export function staticHandler(root: string) {
  const resolvedRoot = path.resolve(root);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://x');
    let file = path.resolve(resolvedRoot, `.${decodeURIComponent(url.pathname)}`);
    if (!file.startsWith(resolvedRoot)) {
      res.writeHead(400).end();
      return;
    }
    let info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      if (path.extname(url.pathname) && !url.pathname.endsWith('.html')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      file = path.join(resolvedRoot, 'index.html');
      info = await stat(file).catch(() => null);
      if (!info) {
        res
          .writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
          .end('The web app is not built yet: run `npm run build`.');
        return;
      }
    }
    const immutable = url.pathname.startsWith('/assets/');
    res.writeHead(200, {
      'content-type': contentTypeOf(file),
      'content-length': info.size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  };
}
