/**
 * Which of several tabs or side-bar items is the current one (1-app-shell.md §2: "prefix match"):
 * the longest candidate that is the current value or one of its ancestors, where ancestors are
 * separated by `separator` (route names `contact.dressing`, paths `/contact/1/dressing`). The root
 * path only matches itself. One current item at most, so a parent is never lit with its child.
 */
export function choosePrefix(
  candidates: readonly string[],
  current: string | null,
  separator: '.' | '/',
): string | null {
  if (current === null) return null;
  const trim = (value: string) => (separator === '/' ? value.replace(/\/+$/, '') || '/' : value);
  const here = trim(current);
  let best: string | null = null;
  for (const candidate of candidates) {
    const c = trim(candidate);
    const isRoot = separator === '/' && c === '/';
    const matches = here === c || (!isRoot && here.startsWith(`${c}${separator}`));
    if (matches && (best === null || trim(best).length < c.length)) best = candidate;
  }
  return best;
}
