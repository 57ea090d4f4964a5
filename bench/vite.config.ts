import { mergeConfig, type UserConfig } from 'vite';
import base from '../vite.config.ts';

/** The app's own pages (a list or a map in its config), named for the merged input map. */
function appPages(config: UserConfig): Record<string, string> {
  const input = config.build?.rolldownOptions?.input ?? config.build?.rollupOptions?.input;
  if (!input) return { app: 'index.html' };
  if (typeof input === 'string') return { app: input };
  if (Array.isArray(input))
    return Object.fromEntries(
      input.map((page) => [page === 'index.html' ? 'app' : page.replace(/\.html$/, ''), page]),
    );
  return { ...input };
}

/**
 * The app plus the bench pages (baselines measured in the same browser run), into .bench/dist.
 * The input map replaces the app's list rather than merging with it (Vite would append the map
 * to the list as one more entry).
 */
const config = mergeConfig(base, {
  build: { outDir: '.bench/dist', emptyOutDir: true, sourcemap: false },
}) as UserConfig;
const input = {
  ...appPages(base as UserConfig),
  bench: 'bench/page/bench.html',
  photoIntake: 'bench/page/photoIntake.html',
  publish: 'bench/page/publish.html',
};
delete config.build!.rollupOptions;
config.build!.rolldownOptions = { ...config.build!.rolldownOptions, input };

export default config;
