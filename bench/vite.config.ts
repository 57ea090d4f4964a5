import { mergeConfig, type UserConfig } from 'vite';
import base from '../vite.config.ts';

/** The app's own pages as its config lists them (one page, a list or named pages). */
function appPages(): Record<string, string> {
  const build = (base as UserConfig).build;
  const input = build?.rolldownOptions?.input ?? build?.rollupOptions?.input ?? 'index.html';
  if (typeof input === 'string') return { app: input };
  if (Array.isArray(input))
    return Object.fromEntries(input.map((page) => [page.replace(/\.html$/, ''), page]));
  return { ...input };
}

/**
 * The app plus the bench page (baselines measured in the same browser run), into .bench/dist.
 * The app's pages are listed again with the bench's rather than merged: a list and named pages
 * do not merge.
 */
const {
  rolldownOptions: _rolldown,
  rollupOptions: _rollup,
  ...baseBuild
} = (base as UserConfig).build ?? {};

export default mergeConfig(
  { ...(base as UserConfig), build: baseBuild },
  {
    build: {
      outDir: '.bench/dist',
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: {
        input: {
          ...appPages(),
          bench: 'bench/page/bench.html',
          photoIntake: 'bench/page/photoIntake.html',
          publish: 'bench/page/publish.html',
        },
      },
    },
  },
);
