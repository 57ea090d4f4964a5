/**
 * Stands in for `@blueprintjs/icons/lib/esm/iconNames` in the browser's bundles (vite.config.ts):
 * the real module is an enum of all 2,100 names (about 8 KB gzipped on the first route), which
 * Blueprint's loader reads only to check a name before asking our loader, and to load them all
 * (never done here). Our loader knows the names it can draw (src/ui/icons/iconLoader.ts), so any
 * name passes this check, and `IconNames.SOME_ICON` still answers `some-icon`.
 */
export const IconNames: Record<string, string> = new Proxy(
  {},
  {
    get: (_target, key) =>
      typeof key === 'string' ? key.toLowerCase().replaceAll('_', '-') : undefined,
  },
);

/** Every non-empty string is a name here; the app's loader refuses the ones it cannot draw. */
export const IconNamesSet: Pick<ReadonlySet<string>, 'has'> = {
  has: (name: string) => typeof name === 'string' && name !== '',
};
