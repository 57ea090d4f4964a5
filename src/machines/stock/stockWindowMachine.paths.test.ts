import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { NO_FILTERS } from './stockQuery.ts';
import { missingPage, type StockLine } from './stockWindow.ts';
import {
  stockWindowMachine,
  type StockPageAnswer,
  type StockPageQuery,
  type StockWindowEvent,
} from './stockWindowMachine.ts';

type Snapshot = SnapshotFrom<typeof stockWindowMachine>;
const PAGE = 10;
const REFERENCES = Array.from({ length: 300 }, (_, i) => `REF-${String(i).padStart(3, '0')}`);

const line = (reference: string, photos: boolean): StockLine => ({
  uuid: reference,
  reference,
  name: reference,
  depositUuid: 'd',
  depositName: 'Dépôt',
  vendorName: '',
  category: '',
  brand: '',
  size: '',
  suggestedPrice: null,
  selledPrice: null,
  saleStatus: 'OFFLINE',
  stockEntry: null,
  sellDate: null,
  invoiced: false,
  thumbnail: photos ? `/media/${reference}.webp` : '',
});

/** The server: references containing the text, ordered, one page of them. */
function answer(q: StockPageQuery): StockPageAnswer {
  const hits = REFERENCES.filter((r) => r.includes(q.filters.search));
  if (q.ordering.startsWith('-')) hits.reverse();
  const start = (q.page - 1) * q.pageSize;
  return {
    lines: hits.slice(start, start + q.pageSize).map((r) => line(r, q.layout !== 'list')),
    count: hits.length,
  };
}

const queryOf = (s: Snapshot): StockPageQuery => ({
  filters: s.context.filters,
  ordering: s.context.ordering,
  layout: s.context.layout,
  page: (s.context.loadingPage ?? 0) + 1,
  pageSize: s.context.pageSize,
});

const USER_EVENTS: StockWindowEvent[] = [
  { type: 'stock.visible', start: 150, end: 159 },
  { type: 'stock.filter', filters: { search: '-1' } },
  { type: 'stock.sort', key: 'reference' },
  { type: 'stock.layout', layout: 'pictures' },
  { type: 'stock.reload' },
  { type: 'stock.retry' },
];
const events = (s: Snapshot) => [
  ...USER_EVENTS,
  done('fetchPage', answer(queryOf(s))),
  failure('fetchPage', new ConnectError('Bad Gateway', Code.Unavailable)),
];

function check(s: Snapshot, { where, event, previous, started }: StepInfo<Snapshot>): void {
  const c = s.context;
  for (const actor of started)
    expect(actor.input, `${where}: asks for its page`).toEqual(queryOf(s));
  if (s.matches('ready')) {
    expect(missingPage(c.pages, c.visible, c.count, PAGE, c.layout), where).toBeUndefined();
  }
  // Each cached page is the server's page for the query, and only pages near the screen stay.
  for (const [page, cached] of Object.entries(c.pages)) {
    const expected = answer({ ...queryOf(s), page: Number(page) + 1 }).lines;
    expect(
      cached.lines.map((l) => l.uuid),
      where,
    ).toEqual(expected.map((l) => l.uuid));
    if (event.type !== 'xstate.done.actor.fetchPage') continue;
    // Right after a load, only pages near the screen stay.
    expect(Number(page), where).toBeGreaterThanOrEqual(Math.floor(c.visible.start / PAGE) - 2);
    expect(Number(page), where).toBeLessThanOrEqual(Math.floor(c.visible.end / PAGE) + 2);
  }
  if (!previous) return;
  const p = previous.context;
  if (JSON.stringify([c.filters, c.ordering]) !== JSON.stringify([p.filters, p.ordering])) {
    // A new query forgets the old lines and the selection, and starts at the top.
    expect(c.pages, where).toEqual({});
    expect([c.selected, c.allMatching, c.visible.start], where).toEqual([{}, false, 0]);
  }
  if (event.type === 'stock.filter') expect(s.matches('debouncing'), where).toBe(true);
}

const walk = walkPaths({
  machine: stockWindowMachine,
  input: {
    filters: NO_FILTERS,
    ordering: '-stock_entry_datetime',
    sortable: ['reference', 'stock_entry_datetime'],
    layout: 'list',
    pageSize: PAGE,
  },
  events,
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.filters.search,
      s.context.ordering,
      s.context.layout,
      s.context.count,
      s.context.visible,
      Object.entries(s.context.pages).map(([k, v]) => `${k}:${v.photos}`),
      s.context.loadingPage,
      Object.keys(s.context.selected),
      s.context.allMatching,
      s.context.errorCode,
    ]),
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('stockWindowMachine', walk, {
  title: 'of scrolling, switching views and failing',
  events: (s) =>
    events(s).filter((e) =>
      [
        'stock.visible',
        'stock.layout',
        'stock.retry',
        'xstate.done.actor.fetchPage',
        'xstate.error.actor.fetchPage',
      ].includes(e.type),
    ),
  atLeast: () => 10,
  timeout: 120_000,
});

// Selection and refused orderings, by example (their combinations would multiply the paths).
describe('stockWindowMachine selection', () => {
  it('selects loaded lines, all matching lines, and refuses an unknown ordering', async () => {
    const fetchPage = fromPromise<StockPageAnswer, StockPageQuery>(async ({ input }) =>
      answer(input),
    );
    const actor = createActor(stockWindowMachine.provide({ actors: { fetchPage } }), {
      input: {
        filters: NO_FILTERS,
        ordering: 'reference',
        sortable: ['reference'],
        layout: 'list',
        pageSize: PAGE,
      },
    }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'stock.select', uuid: 'REF-001', selected: true });
    actor.send({ type: 'stock.select', uuid: 'REF-999', selected: true });
    expect(actor.getSnapshot().context.selected).toEqual({
      'REF-001': { saleStatus: 'OFFLINE', invoiced: false },
    });
    actor.send({ type: 'stock.selectAll', selected: true });
    expect(actor.getSnapshot().context).toMatchObject({ allMatching: true, selected: {} });
    actor.send({ type: 'stock.select', uuid: 'REF-002', selected: false });
    expect(actor.getSnapshot().context.allMatching).toBe(false);
    actor.send({ type: 'stock.sort', key: 'comment' });
    expect(actor.getSnapshot().context.ordering).toBe('reference');
    actor.stop();
  });

  it('tells the address of a query once typing pauses, and of a new ordering at once', async () => {
    const fetchPage = fromPromise<StockPageAnswer, StockPageQuery>(async ({ input }) =>
      answer(input),
    );
    const actor = createActor(stockWindowMachine.provide({ actors: { fetchPage } }), {
      input: {
        filters: NO_FILTERS,
        ordering: 'reference',
        sortable: ['reference'],
        layout: 'list',
        pageSize: PAGE,
      },
    }).start();
    const applied: string[] = [];
    actor.on('stock.queryApplied', (e) => applied.push(`${e.filters.search}|${e.ordering}`));
    await waitFor(actor, (s) => s.matches('ready'));
    for (const search of ['-', '-1', '-12'])
      actor.send({ type: 'stock.filter', filters: { search } });
    expect(applied).toEqual([]);
    await waitFor(actor, (s) => s.matches('ready'), { timeout: 5_000 });
    expect(applied).toEqual(['-12|reference']);
    actor.send({ type: 'stock.sort', key: 'reference' });
    expect(applied).toEqual(['-12|reference', '-12|-reference']);
    actor.stop();
  });
});
