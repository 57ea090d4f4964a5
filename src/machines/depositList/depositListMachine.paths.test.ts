import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { depositListMachine, type LoadInput } from './depositListMachine.ts';
import { EMPTY_FILTERS, parseQuery, toQuery, type ListQuery } from './depositListQuery.ts';
import {
  DEPOSIT_PAGE_SIZE,
  type ListEvent,
  type ListOptions,
  type ListPage,
} from './depositListTypes.ts';

type Snapshot = SnapshotFrom<typeof depositListMachine>;

const INPUT = { viewer: { isAdminLevel: true, isCustomer: false }, search: 'status=RECEIVED' };
const OPTIONS: ListOptions = {
  vendors: [{ uuid: 'vendor-1', label: 'Valérie Vendeuse' }],
  customers: [{ uuid: 'customer-1', label: 'Clara Cliente' }],
};

const queryOf = (s: Snapshot): ListQuery => ({
  filters: s.context.filters,
  ordering: s.context.ordering,
  page: s.context.page,
});

/** The server: 60 deposits, 20 of them RECEIVED and 5 of those for women; one row per page. */
function answer(q: ListQuery): ListPage {
  const received = q.filters.statuses.includes('RECEIVED');
  const women = q.filters.family === 'WOMAN';
  const count = women ? 5 : received ? 20 : 60;
  const onPage = q.page <= Math.ceil(count / DEPOSIT_PAGE_SIZE);
  return {
    rows: onPage
      ? [
          {
            uuid: `${toQuery(q)}#1`,
            name: 'Dépôt',
            status: received ? 'RECEIVED' : 'TODO',
            family: women ? 'WOMAN' : '',
            gamme: '',
            productNumber: 3,
            createdAt: null,
            vendor: 'vendor-1',
            customer: 'customer-1',
          },
        ]
      : [],
    count,
    statusCounts: women ? { RECEIVED: 5 } : { RECEIVED: 20, TODO: 40 },
  };
}

const USER_EVENTS: ListEvent[] = [
  { type: 'list.setFilters', filters: { family: 'WOMAN' } },
  { type: 'list.clearFilters' },
  { type: 'list.sort', key: 'name' },
  { type: 'list.page', page: 2 },
  { type: 'list.page', page: 1 },
  { type: 'list.retry' },
  // The browser went back to the list it started from.
  { type: 'list.locationChanged', search: 'status=RECEIVED' },
];
const events = (s: Snapshot) => [
  ...USER_EVENTS,
  done('loadDeposits', answer(queryOf(s))),
  failure('loadDeposits', new ConnectError('Bad Gateway', Code.Unavailable)),
  done('loadOptions', OPTIONS),
  failure('loadOptions', new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied)),
];

/**
 * States differ by where they are, the query, how many pages the last answer had and whether
 * options arrived; the rows follow from the query (checked on every ready state).
 */
const serializeState = (s: Snapshot) =>
  JSON.stringify([
    s.value,
    toQuery(queryOf(s)),
    Math.ceil(s.context.count / s.context.pageSize),
    s.context.options.vendors.length > 0,
    s.context.errorCode,
  ]);

const INTENTS = ['list.setFilters', 'list.clearFilters', 'list.sort', 'list.page'];

function check(
  s: Snapshot,
  { where, event, previous, emitted, started }: StepInfo<Snapshot>,
): void {
  const c = s.context;
  const query = toQuery(queryOf(s));
  for (const { id, input } of started) {
    const expected: LoadInput | typeof c.viewer =
      id === 'loadOptions' ? c.viewer : { ...queryOf(s), pageSize: c.pageSize };
    expect(input, `${where}: ${id} input`).toEqual(expected);
  }
  if (!previous)
    expect(query, 'the list starts from the URL').toBe(toQuery(parseQuery(INPUT.search)));
  if (s.matches('ready')) {
    expect(c.page, where).toBeLessThanOrEqual(Math.max(1, Math.ceil(c.count / c.pageSize)));
    const { rows, count, statusCounts } = c;
    expect({ rows, count, statusCounts }, where).toEqual(answer(queryOf(s)));
  }
  if (!previous) return;
  const before = toQuery(queryOf(previous));
  // Every intent writes the new query to the URL, once; nothing else touches the URL.
  if (INTENTS.includes(event.type))
    expect(emitted, where).toEqual([{ type: 'list.queryChanged', query }]);
  else expect(emitted, where).toEqual([]);
  if (!INTENTS.includes(event.type) && event.type !== 'list.locationChanged')
    expect(query, `${where}: only the user moves the query`).toBe(before);
  // A new filter or ordering starts again at the first page.
  if (
    JSON.stringify([c.filters, c.ordering]) !==
    JSON.stringify([previous.context.filters, previous.context.ordering])
  )
    expect(c.page, where).toBe(1);
  if (event.type === 'list.clearFilters') expect(c.filters, where).toEqual(EMPTY_FILTERS);
  // Options are extras: they never block nor fail the list.
  if (event.type.endsWith('.loadOptions')) expect(s.value, where).toEqual(previous.value);
}

const walk = walkPaths({
  machine: depositListMachine,
  input: INPUT,
  events,
  serializeState,
  errorOf: (s) => s.context.errorCode,
  background: ['loadOptions'],
  check,
});

// Without the family filter, sorting and the options, the simple paths stay countable.
describePaths('depositListMachine', walk, {
  title: 'of clearing, paging and going back',
  events: (s) =>
    events(s).filter(
      (e) => !['list.setFilters', 'list.sort'].includes(e.type) && !e.type.endsWith('loadOptions'),
    ),
  atLeast: () => 11,
});
