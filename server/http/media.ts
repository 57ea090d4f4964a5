import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MediaStorage } from '../media/storage.ts';

/** Serves stored photos under /media/<key>; keys are content-addressed, so they cache for long. */
export function mediaHandler(storage: MediaStorage) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://x');
    const key = decodeURIComponent(url.pathname.replace(/^\/media\//, ''));
    const found = await storage.get(key).catch(() => null);
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': found.contentType,
      'content-length': found.data.byteLength,
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
    res.end(req.method === 'HEAD' ? undefined : found.data);
  };
}
