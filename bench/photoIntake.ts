// Photo intake bench: 50 × a real 12 MP JPEG through the app's image worker pool (decode with
// EXIF orientation, native pre-shrink, pica, JPEG, 256 and 32 px thumbnails) against the
// browser's own createImageBitmap resize making the same three JPEGs, with the same photos in
// flight, in the same run; the two alternate, in turn first, so a change of load hits both.
// Figures: per-photo time and its ratio, bytes written, main-thread long tasks, the longest
// frame gap, and the load average around the section (the machine may be shared).
import { createReadStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  benchPage,
  launchBrowser,
  measure,
  medianFigures,
  printTable,
  round,
  RUNS,
  writeResults,
  type RunFigures,
} from './harness.ts';
import type { PhotoPipeline, PhotoTimings } from './page/photoIntake.ts';

const PHOTOS = 50;
const PIPELINES: readonly PhotoPipeline[] = ['ours', 'native'];
const PHOTO = path.resolve('tests/fixtures/images/photo-12mp.jpg');
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
};

/** The built bench pages, served as files: this bench needs no app server or database. */
function serveStatic(root: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const file = path.join(root, decodeURIComponent((req.url ?? '/').split('?')[0]!));
    if (!file.startsWith(root) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const loadNow = () => os.loadavg().map((l) => Math.round(l * 100) / 100);

export async function benchPhotoIntake(): Promise<void> {
  const server = await serveStatic(path.resolve('.bench/dist'));
  const browser = await launchBrowser();
  try {
    const page = await benchPage(browser);
    await page.goto(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench/page/photoIntake.html`,
    );
    await page.getByText('loaded').waitFor();
    const photo = (await readFile(PHOTO)).toString('base64');
    await page.evaluate((b64) => window.loadPhoto(b64), photo);

    type PhotoRun = RunFigures & { perPhotoMs: number; outputBytes: number };
    const runs = new Map<PhotoPipeline, PhotoRun[]>(PIPELINES.map((p) => [p, []]));
    const loadAverage = { start: loadNow(), end: [] as number[] };
    console.log(`Photo intake: load average ${loadAverage.start.join(' ')} (1, 5, 15 min)`);
    let concurrency = 0;
    for (let run = 1; run <= RUNS; run++) {
      for (const pipeline of run % 2 ? PIPELINES : [...PIPELINES].reverse()) {
        let timings: PhotoTimings | undefined;
        const figures = await measure(browser, page, async () => {
          timings = await page.evaluate(([p, n]) => window.runPhotoIntake(p, n), [
            pipeline,
            PHOTOS,
          ] as const);
          return timings;
        });
        concurrency = timings!.concurrency;
        runs.get(pipeline)!.push({
          ...figures,
          perPhotoMs: timings!.perPhotoMs,
          outputBytes: timings!.outputBytes,
        });
        console.log(`run ${run} ${pipeline}: ${Math.round(timings!.perPhotoMs)} ms per photo`);
      }
    }
    const pipelines = Object.fromEntries(
      PIPELINES.map((p) => {
        const all = runs.get(p)!;
        const perPhoto = all.map((r) => r.perPhotoMs).sort((a, b) => a - b);
        return [
          p,
          {
            ...medianFigures(all),
            perPhotoMs: perPhoto[Math.floor(perPhoto.length / 2)]!,
            outputBytes: all[0]!.outputBytes,
          },
        ];
      }),
    ) as Record<PhotoPipeline, RunFigures & { perPhotoMs: number; outputBytes: number }>;
    loadAverage.end = loadNow();
    const ratios = {
      oursToNativePerPhoto: pipelines.ours.perPhotoMs / pipelines.native.perPhotoMs,
    };
    await writeResults('photoIntake', {
      photos: PHOTOS,
      runs: RUNS,
      concurrency,
      loadAverage,
      pipelines,
      ratios,
    });
    printTable(
      `Photo intake, ${PHOTOS} × 12 MP JPEG, ${concurrency} in flight (median of ${RUNS} runs, ms)`,
      {
        ours: round(pipelines.ours),
        native: round(pipelines.native),
      },
    );
    printTable('Ratio (lower is better; aim ≤ 1.3)', { perPhoto: round(ratios) });
    console.log(`Load average at the end: ${loadAverage.end.join(' ')}`);
  } finally {
    await browser.close();
    server.close();
  }
}
