import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticHandler } from '../../server/http/staticFiles.ts';
import {
  isPublicDepositPath,
  PUBLIC_DEPOSIT_PAGE,
} from '../../src/domain/routing/publicDepositPage.ts';
import { listenHttpDouble, type HttpDouble } from '../helpers/httpDouble.ts';

const SECRET = 'the secret beside the web root';
const INDEX = '<!doctype html><title>Seconde</title>';
const ASSET = 'console.log("app")';

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A raw request: the path leaves exactly as written (fetch would resolve `..` and escapes). */
function raw(base: string, rawPath: string, method = 'GET'): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: rawPath, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    // A handler that never answers fails the test at once rather than at the test timeout.
    req.setTimeout(5_000, () => req.destroy(new Error(`no answer to ${rawPath}`)));
    req.end();
  });
}

let dir: string;
let site: HttpDouble;
let unbuilt: HttpDouble;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'static-files-'));
  const web = path.join(dir, 'web');
  await mkdir(path.join(web, 'assets'), { recursive: true });
  await writeFile(path.join(web, 'index.html'), INDEX);
  await writeFile(path.join(web, 'assets', 'app-1a2b3c.js'), ASSET);
  await writeFile(path.join(web, 'robots.txt'), 'User-agent: *');
  // A sibling whose name starts with the web root's name, and a file right above the root.
  await mkdir(path.join(dir, 'webx'));
  await writeFile(path.join(dir, 'webx', 'secret.txt'), SECRET);
  await writeFile(path.join(dir, 'secret.txt'), SECRET);
  await mkdir(path.join(dir, 'empty'));
  site = await listenHttpDouble(staticHandler(web));
  unbuilt = await listenHttpDouble(staticHandler(path.join(dir, 'empty')));
});

afterAll(async () => {
  await site.close();
  await unbuilt.close();
  await rm(dir, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves hashed assets for a year, immutable, typed and not sniffed', async () => {
    const asset = await raw(site.base, '/assets/app-1a2b3c.js');
    expect(asset.status).toBe(200);
    expect(asset.body).toBe(ASSET);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers index.html, never cached, at the root and for every deep link', async () => {
    for (const deepLink of ['/', '/index.html', '/deposit/123', '/stock?view=grid', '/assets']) {
      const page = await raw(site.base, deepLink);
      expect(page.status, deepLink).toBe(200);
      expect(page.body, deepLink).toBe(INDEX);
      expect(page.headers['cache-control'], deepLink).toBe('no-cache');
      expect(page.headers['content-type'], deepLink).toBe('text/html; charset=utf-8');
      expect(page.headers['x-content-type-options'], deepLink).toBe('nosniff');
    }
    const head = await raw(site.base, '/deposit/123', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body).toBe('');
  });

  it('serves other files of the root, not cached, and 404 for a missing asset', async () => {
    const robots = await raw(site.base, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
    const missing = await raw(site.base, '/assets/x.js');
    expect(missing.status).toBe(404);
    expect(missing.body).not.toBe(INDEX);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each([
    '/..%2fwebx/secret.txt',
    '/../webx/secret.txt',
    '/%2e%2e/secret.txt',
    '/..%5csecret.txt',
    '/%2e%2e%2fsecret.txt',
    '/assets/../../secret.txt',
    '/..%2f..%2fsecret.txt',
    '/%E0%A4%A',
    '/%',
    '/%00',
    '/secret.txt%00.js',
  ])('never leaks a file outside the root nor falls over: %s', async (attack) => {
    const answer = await raw(site.base, attack);
    expect(answer.body).not.toContain(SECRET);
    if (answer.status === 200) expect(answer.body).toBe(INDEX);
    else {
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    // The server still answers afterwards.
    expect((await raw(site.base, '/assets/app-1a2b3c.js')).body).toBe(ASSET);
  });

  it('answers 503 with a hint while the web app is not built', async () => {
    const page = await raw(unbuilt.base, '/deposit/123');
    expect(page.status).toBe(503);
    expect(page.body).toMatch(/npm run build/);
    expect((await raw(unbuilt.base, '/assets/x.js')).status).toBe(404);
  });
});

describe('the public deposit form’s own page', () => {
  const LIGHT = '<!doctype html><title>Seconde, dépôt</title>';
  let light: HttpDouble;
  let withoutLight: HttpDouble;
  const pageOf = (pathname: string) =>
    isPublicDepositPath(pathname) ? PUBLIC_DEPOSIT_PAGE : '/index.html';

  beforeAll(async () => {
    const web = path.join(dir, 'light');
    await mkdir(web, { recursive: true });
    await writeFile(path.join(web, 'index.html'), INDEX);
    await writeFile(path.join(web, PUBLIC_DEPOSIT_PAGE.slice(1)), LIGHT);
    light = await listenHttpDouble(staticHandler(web, pageOf));
    withoutLight = await listenHttpDouble(staticHandler(path.join(dir, 'web'), pageOf));
  });

  afterAll(async () => {
    await light.close();
    await withoutLight.close();
  });

  it('answers the flow’s addresses, in both languages, and leaves the others to the app', async () => {
    for (const flow of [
      '/nouveau-depot-seconde-main',
      '/new-deposit/deposit-criteria/1b4e28ba-2fa1-11d2-883f-0016d3cca427?x=1',
      '/nouveau-depot-seconde-main-validation',
    ]) {
      const answer = await raw(light.base, flow);
      expect(answer.status, flow).toBe(200);
      expect(answer.body, flow).toBe(LIGHT);
      expect(answer.headers['cache-control'], flow).toBe('no-cache');
    }
    for (const app of ['/', '/deposits', '/new-deposits'])
      expect((await raw(light.base, app)).body, app).toBe(INDEX);
  });

  it('falls back to the app in a build without it', async () => {
    expect((await raw(withoutLight.base, '/nouveau-depot-seconde-main')).body).toBe(INDEX);
  });
});
