// The app's first route: a build of its own with the app's config (the bench build adds its pages,
// which would share chunks differently), then the scripts and styles its HTML loads by itself,
// raw and gzipped (scripts/firstRoute.ts). No browser, no server: a few seconds past the build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  FIRST_ROUTE_AIM_BYTES,
  firstRouteReport,
  measureFirstRoute,
} from '../scripts/firstRoute.ts';
import { writeResults } from './harness.ts';

const OUT_DIR = '.bench/first-route';

export async function benchFirstRoute(): Promise<void> {
  const built = spawnSync('npx', ['vite', 'build', '--outDir', OUT_DIR, '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('the build of the app failed');
  const figures = await measureFirstRoute(path.resolve(OUT_DIR));
  console.log(firstRouteReport(figures));
  await writeResults('firstRoute', {
    aimGzipBytes: FIRST_ROUTE_AIM_BYTES,
    withinAim: figures.gzipBytes <= FIRST_ROUTE_AIM_BYTES,
    ...figures,
  });
}
