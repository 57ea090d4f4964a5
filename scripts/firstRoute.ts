// The app's first route: the scripts and styles its HTML loads by itself (the entry script, the
// modulepreload links and the stylesheets), each raw and gzipped, from a build of the app.
// `npx tsx scripts/firstRoute.ts [distDir]` prints them (dist by default); `npm run bench` runs it
// as its firstRoute section on a build of its own. Aim: 250 KB gzipped or less in all.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** What the first route's HTML aims at, gzipped. */
export const FIRST_ROUTE_AIM_BYTES = 250 * 1024;

export interface FirstRouteFile {
  readonly file: string;
  readonly kind: 'script' | 'modulepreload' | 'stylesheet';
  readonly bytes: number;
  readonly gzipBytes: number;
}

export interface FirstRouteFigures {
  readonly files: readonly FirstRouteFile[];
  readonly bytes: number;
  readonly gzipBytes: number;
}

const TAGS: readonly [FirstRouteFile['kind'], RegExp][] = [
  ['script', /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g],
  ['modulepreload', /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g],
  ['stylesheet', /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g],
];

/** The files `html` loads by itself, in the order of the kinds above, each once. */
export function firstRouteLinks(html: string): { file: string; kind: FirstRouteFile['kind'] }[] {
  const seen = new Set<string>();
  const links: { file: string; kind: FirstRouteFile['kind'] }[] = [];
  for (const [kind, pattern] of TAGS) {
    for (const [, file] of html.matchAll(pattern)) {
      if (!file || seen.has(file) || /^[a-z]+:\/\//i.test(file)) continue;
      seen.add(file);
      links.push({ file, kind });
    }
  }
  return links;
}

/** Sizes of what `distDir/index.html` loads by itself. */
export async function measureFirstRoute(distDir: string): Promise<FirstRouteFigures> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const files = await Promise.all(
    firstRouteLinks(html).map(async ({ file, kind }) => {
      const body = await readFile(path.join(distDir, file.replace(/^\//, '')));
      return { file, kind, bytes: body.length, gzipBytes: gzipSync(body).length };
    }),
  );
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** One line per file, largest gzipped first, then the total against the aim. */
export function firstRouteReport(figures: FirstRouteFigures): string {
  const lines = [...figures.files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map(
      (f) =>
        `${kb(f.gzipBytes).padStart(10)} gzipped ${kb(f.bytes).padStart(10)} raw  ${f.kind.padEnd(13)} ${f.file}`,
    );
  const verdict = figures.gzipBytes <= FIRST_ROUTE_AIM_BYTES ? 'within' : 'over';
  lines.push(
    `${kb(figures.gzipBytes).padStart(10)} gzipped ${kb(figures.bytes).padStart(10)} raw  total of ${figures.files.length} files, ${verdict} the aim of ${kb(FIRST_ROUTE_AIM_BYTES)}`,
  );
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const figures = await measureFirstRoute(path.resolve(process.argv[2] ?? 'dist'));
  console.log(firstRouteReport(figures));
}
