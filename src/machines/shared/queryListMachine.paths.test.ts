import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { pageCount, type Page } from './pagedListMachine.ts';
import { checkPagedStep, fetchPageAnswers, pageOfNames } from './pagedListPaths.ts';
import { describePaths, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { createQueryListMachine, type ListQuery, type QueryListEvent } from './queryListMachine.ts';

interface Row {
  readonly uuid: string;
  readonly name: string;
}
interface Filters {
  readonly text: string;
  readonly status: string;
}
const machine = createQueryListMachine<Row, Filters>('testQueryList');
type Snapshot = SnapshotFrom<typeof machine>;

const NAMES = ['Anne', 'Bruno', 'Jeanne', 'Yann', 'Zoé'];
const INPUT = {
  filters: { text: '', status: '' },
  ordering: '-name',
  sortable: ['name'],
  pageSize: 2,
};

/** The server: names containing the text, ordered, one page of them. */
function answer(q: ListQuery<Filters>): Page<Row> {
  const hits = NAMES.filter((n) => n.toLowerCase().includes(q.filters.text.toLowerCase()));
  if (q.ordering === '-name') hits.reverse();
  return pageOfNames(hits, q.page, q.pageSize);
}
const queryOf = (s: Snapshot): ListQuery<Filters> => ({
  filters: s.context.filters,
  ordering: s.context.ordering,
  page: s.context.page,
  pageSize: s.context.pageSize,
});

const USER_EVENTS: QueryListEvent<Filters>[] = [
  { type: 'list.filter', filters: { text: 'nn' } },
  { type: 'list.filter', filters: { text: '' } },
  { type: 'list.sort', key: 'name' },
  // Not a sortable column: refused.
  { type: 'list.sort', key: 'email' },
  { type: 'list.page', page: 2 },
  { type: 'list.page', page: 3 },
  { type: 'list.page', page: 1 },
  { type: 'list.retry' },
  { type: 'list.reload' },
];
const events = (s: Snapshot) => [...USER_EVENTS, ...fetchPageAnswers(answer(queryOf(s)))];

function check(s: Snapshot, step: StepInfo<Snapshot>): void {
  const { where, event, previous } = step;
  const c = s.context;
  checkPagedStep(s, step, queryOf(s));
  expect(['name', '-name'], `${where}: orders by a sortable column`).toContain(c.ordering);
  if (s.matches('ready'))
    expect({ rows: c.rows, count: c.count }, where).toEqual(answer(queryOf(s)));
  if (!previous) return;
  // A new filter or ordering starts again at the first page.
  if (
    JSON.stringify([c.filters, c.ordering]) !==
    JSON.stringify([previous.context.filters, previous.context.ordering])
  )
    expect(c.page, where).toBe(1);
  // A reload asks for the same query again, at once.
  if (event.type === 'list.reload') {
    expect(s.matches('loading'), where).toBe(true);
    expect(queryOf(s), where).toEqual(queryOf(previous));
  }
  if (event.type === 'list.sort' && 'key' in event && event.key === 'email')
    expect(s.value, where).toEqual(previous.value);
}

const walk = walkPaths({
  machine,
  input: INPUT,
  events,
  // The rows follow from the query (checked on every ready state).
  serializeState: (s) =>
    JSON.stringify([s.value, queryOf(s), pageCount(s.context.count, 2), s.context.errorCode]),
  errorOf: (s) => s.context.errorCode,
  check,
});

// Without filtering and sorting, the simple paths stay countable.
describePaths('queryListMachine', walk, {
  title: 'of paging and retrying',
  events: (s) => events(s).filter((e) => e.type !== 'list.filter' && e.type !== 'list.sort'),
  atLeast: () => 10,
});
