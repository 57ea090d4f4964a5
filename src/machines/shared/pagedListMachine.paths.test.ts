import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { checkPagedStep, fetchPageAnswers, pageOfNames } from './pagedListPaths.ts';
import { describePaths, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import {
  createPagedListMachine,
  type Page,
  type PageQuery,
  type PagedListEvent,
} from './pagedListMachine.ts';

interface Row {
  readonly uuid: string;
  readonly name: string;
}
const machine = createPagedListMachine<Row>('testList');
type Snapshot = SnapshotFrom<typeof machine>;

const PAGE_SIZE = 2;
const NAMES = ['Anne', 'Bruno', 'Jeanne'];

/** What the server answers a query: names containing the search, one page of them. */
function answer(q: PageQuery): Page<Row> {
  const hits = NAMES.filter((n) => n.toLowerCase().includes(q.search.toLowerCase()));
  return pageOfNames(hits, q.page, q.pageSize);
}
const queryOf = (s: Snapshot): PageQuery => ({
  page: s.context.page,
  pageSize: s.context.pageSize,
  search: s.context.search.trim(),
});

const USER_EVENTS: PagedListEvent[] = [
  { type: 'list.search', search: 'nn' },
  { type: 'list.search', search: '  ' },
  { type: 'list.page', page: 2 },
  { type: 'list.page', page: 3 },
  { type: 'list.page', page: 1 },
  { type: 'list.retry' },
  { type: 'list.reload' },
  { type: 'list.open', uuid: 'Anne' },
  { type: 'list.open', uuid: 'Bruno' },
  { type: 'list.close' },
];
const events = (s: Snapshot) => [...USER_EVENTS, ...fetchPageAnswers(answer(queryOf(s)))];

function check(s: Snapshot, step: StepInfo<Snapshot>): void {
  const { where, event, previous } = step;
  const c = s.context;
  checkPagedStep(s, step, queryOf(s));
  if (s.matches('ready')) {
    expect(c.rows.length, where).toBeLessThanOrEqual(c.pageSize);
    expect(c.rows, where).toEqual(answer(queryOf(s)).rows);
  }
  if (!previous) return;
  // A new search starts again at the first page.
  if (c.search !== previous.context.search) expect(c.page, where).toBe(1);
  // A reload asks for the same page again, at once.
  if (event.type === 'list.reload') {
    expect(s.matches('loading'), where).toBe(true);
    expect(queryOf(s), where).toEqual(queryOf(previous));
  }
  // Only a row on screen opens.
  if (event.type === 'list.open' && c.selected !== previous.context.selected)
    expect(
      previous.context.rows.map((r) => r.uuid),
      where,
    ).toContain(c.selected);
}

const walk = walkPaths({
  machine,
  input: { pageSize: PAGE_SIZE },
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

// Without searching, the simple paths stay countable.
describePaths('pagedListMachine', walk, {
  title: 'of paging and opening',
  events: (s) =>
    events(s).filter(
      (e) => e.type !== 'list.search' && e.type !== 'list.close' && e.type !== 'list.reload',
    ),
  atLeast: () => 11,
});
