import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  createPagedListMachine,
  pageCount,
  SEARCH_DEBOUNCE_MS,
  type Page,
  type PageQuery,
} from './pagedListMachine.ts';

interface Row {
  readonly uuid: string;
  readonly name: string;
}
const NAMES = Array.from({ length: 60 }, (_, i) => `Client ${i + 1}`);

/** An in-memory "server": filters by name, pages, records the queries it got. */
function listActor() {
  const queries: PageQuery[] = [];
  const machine = createPagedListMachine<Row>('test').provide({
    actors: {
      fetchPage: fromPromise<Page<Row>, PageQuery>(({ input }) => {
        queries.push(input);
        const hits = NAMES.filter((n) => n.toLowerCase().includes(input.search.toLowerCase()));
        const start = (input.page - 1) * input.pageSize;
        return Promise.resolve({
          rows: hits.slice(start, start + input.pageSize).map((name) => ({ uuid: name, name })),
          count: hits.length,
        });
      }),
    },
  });
  return { actor: createActor(machine, { input: { pageSize: 25 } }), queries };
}

describe('paged list', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pages within bounds only', async () => {
    const { actor, queries } = listActor();
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(pageCount(60, 25)).toBe(3);
    expect(actor.getSnapshot().can({ type: 'list.page', page: 0 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'list.page', page: 4 })).toBe(false);
    actor.send({ type: 'list.page', page: 3 });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(actor.getSnapshot().context.rows).toHaveLength(10);
    expect(queries.map((q) => q.page)).toEqual([1, 3]);
  });

  it('waits 500 ms after the last keystroke, then searches from page 1', async () => {
    const { actor, queries } = listActor();
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'list.page', page: 2 });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'list.search', search: 'Client 5' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100);
    actor.send({ type: 'list.search', search: 'Client 5 ' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100);
    expect(queries).toHaveLength(2);
    vi.advanceTimersByTime(100);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    expect(queries.at(-1)).toEqual({ page: 1, pageSize: 25, search: 'Client 5' });
    expect(actor.getSnapshot().context.rows.map((r) => r.name)).toEqual([
      'Client 5',
      ...Array.from({ length: 10 }, (_, i) => `Client ${50 + i}`),
    ]);
    expect(actor.getSnapshot().context.page).toBe(1);
  });

  it('opens and closes a row, ignoring unknown ones', async () => {
    const { actor } = listActor();
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
    actor.send({ type: 'list.open', uuid: 'nope' });
    expect(actor.getSnapshot().context.selected).toBeNull();
    actor.send({ type: 'list.open', uuid: 'Client 2' });
    expect(actor.getSnapshot().context.selected).toBe('Client 2');
    actor.send({ type: 'list.close' });
    expect(actor.getSnapshot().context.selected).toBeNull();
  });

  it('fails with a code and retries', async () => {
    vi.useRealTimers();
    let fail = true;
    const machine = createPagedListMachine<Row>('failing').provide({
      actors: {
        fetchPage: fromPromise<Page<Row>, PageQuery>(() =>
          fail
            ? Promise.reject(new TypeError('Failed to fetch'))
            : Promise.resolve({ rows: [], count: 0 }),
        ),
      },
    });
    const actor = createActor(machine, { input: {} }).start();
    await waitFor(actor, (s) => s.hasTag('error'));
    expect(actor.getSnapshot().context.errorCode).toBe('unavailable');
    fail = false;
    actor.send({ type: 'list.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.errorCode).toBeNull();
  });
});
