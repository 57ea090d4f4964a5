import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import { pageCount, type Page } from './pagedListMachine.ts';
import { done, failure, type StepInfo } from '../testing/walkPaths.ts';

/** Test support of the paged lists' path walks: a server of names and their shared invariants. */

/** One page of `names` (already filtered and ordered), as the server answers it. */
export function pageOfNames(
  names: readonly string[],
  page: number,
  pageSize: number,
): Page<{ uuid: string; name: string }> {
  const start = (page - 1) * pageSize;
  return {
    rows: names.slice(start, start + pageSize).map((name) => ({ uuid: name, name })),
    count: names.length,
  };
}

/** The answers of the `fetchPage` actor to the query in a state: its page, or a failure. */
export const fetchPageAnswers = (page: Page<unknown>) => [
  done('fetchPage', page),
  failure('fetchPage', new ConnectError('Bad Gateway', Code.Unavailable)),
];

/** The part of a paged list's snapshot the shared invariants read. */
interface ListSnapshot {
  readonly context: {
    readonly rows: readonly unknown[];
    readonly count: number;
    readonly page: number;
    readonly pageSize: number;
  };
  matches(state: 'ready'): boolean;
  hasTag(tag: 'busy'): boolean;
}

/**
 * What every paged list keeps on each step: each load asks for the state's query, a loaded list
 * stays within its pages, and rows stay on screen while the next page waits or loads.
 */
export function checkPagedStep<S extends ListSnapshot>(
  s: S,
  { where, previous, started }: StepInfo<S>,
  query: unknown,
): void {
  const c = s.context;
  for (const actor of started) expect(actor.input, `${where}: asks for its query`).toEqual(query);
  if (s.matches('ready')) expect(c.page, where).toBeLessThanOrEqual(pageCount(c.count, c.pageSize));
  // Rows stay on screen while the next page waits or loads.
  if (previous && s.hasTag('busy')) expect(c.rows, where).toBe(previous.context.rows);
}
