import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import serveStatic from 'serve-static';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What serve-static hands on: an http-errors error (404 missing, 403 outside the root...). */
const statusOf = (error: unknown): number => {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : 500;
};

/** A path the client router may own: no extension, or an `.html` page. */
const isPage = (url: string): boolean => {
  const ext = path.posix.extname(url.split('?')[0]!);
  return ext === '' || ext === '.html';
};

const plain = (res: ServerResponse, status: number, text: string): void => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
};

/** The built page (`/index.html` or another) that answers a page path the disk does not hold. */
export type PageOf = (pathname: string) => string;

/**
 * Serves the built SPA: hashed assets cached for a year, pages never cached, and every unknown
 * page path answered with its page (`pageOf`: index.html, or a light page of its own such as the
 * public deposit form's) so the client router owns deep links. Resolving
 * paths, refusing `..`, NUL bytes and malformed escapes, conditional and range requests are
 * serve-static's (over `send`), so no hand-written path check stands between a URL and the disk.
 * The returned promise settles once the response is closed.
 */
export function staticHandler(root: string, pageOf: PageOf = () => '/index.html') {
  const resolvedRoot = path.resolve(root);
  const assets = path.join(resolvedRoot, 'assets') + path.sep;
  const serve = serveStatic(resolvedRoot, {
    // Every failure comes back to us: we choose between the SPA page, 404 and the refusal.
    fallthrough: false,
    // `/assets` is a deep link like any other, not a redirect to a folder listing.
    redirect: false,
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (res, file) =>
      res.setHeader('cache-control', file.startsWith(assets) ? IMMUTABLE : 'no-cache'),
  });

  const servePage = (req: IncomingMessage, res: ServerResponse, page: string) => {
    req.url = page;
    serve(req, res, (error?: unknown) => {
      if (res.headersSent) return void res.destroy();
      // A build without the light page still has the app, which serves every route.
      if (statusOf(error) === 404 && page !== '/index.html')
        return servePage(req, res, '/index.html');
      if (statusOf(error) === 404)
        return plain(res, 503, 'The web app is not built yet: run `npm run build`.');
      plain(res, 500, 'Internal server error');
    });
  };

  return (req: IncomingMessage, res: ServerResponse): Promise<void> =>
    new Promise<void>((resolve) => {
      res.once('close', () => resolve());
      res.setHeader('x-content-type-options', 'nosniff');
      const url = req.url ?? '/';
      serve(req, res, (error?: unknown) => {
        // A read failing halfway: the client sees a cut response rather than a wrong one.
        if (res.headersSent) return void res.destroy();
        const status = statusOf(error);
        if (status === 404 && isPage(url))
          return servePage(req, res, pageOf(new URL(url, 'http://x').pathname));
        if (status === 404) return plain(res, 404, 'Not found');
        if (status < 500) return plain(res, status, STATUS_CODES[status] ?? 'Refused');
        plain(res, 500, 'Internal server error');
      });
    });
}
