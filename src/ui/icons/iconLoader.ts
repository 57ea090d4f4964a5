import { Icons, IconSize, type IconPathsLoader } from '@blueprintjs/icons';

/**
 * Blueprint's own loader brings every icon's paths (two chunks of about 100 KB gzipped) at the
 * first icon shown. Ours brings only the paths of the icons the app names (`npm run icons` lists
 * them from the source, and a unit test fails when the list is behind), one small chunk per size.
 * A name missing from the list is refused, which Blueprint logs as an icon it could not load.
 */
export const appIconLoader: IconPathsLoader = async (name, size) => {
  const { PATHS } =
    size < IconSize.LARGE ? await import('./paths16.gen.ts') : await import('./paths20.gen.ts');
  const paths = PATHS[name];
  if (!paths) throw new Error(`The icon ${name} is not in the app's list: run npm run icons`);
  return [...paths];
};

/** Called once, before the first render. */
export function installAppIcons(): void {
  Icons.setLoaderOptions({ loader: appIconLoader });
}
