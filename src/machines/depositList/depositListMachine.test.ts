import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, waitFor } from 'xstate';
import { DEPOSIT_STATUSES } from '../../domain/deposit/statuses.ts';
import { createClientFactory } from '../../rpc/clients.ts';
import {
  DepositSchema,
  DepositService,
  ListDepositsResponseSchema,
  type ListDepositsRequest,
} from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { appInterceptors } from '../../rpc/transport.ts';
import { depositStatusOf, depositStatusValue } from '../deposit/enums.ts';
import { createDepositListActors } from './depositListActors.ts';
import { depositListMachine } from './depositListMachine.ts';
import { shortcutRange } from '../../domain/dates.ts';
import { parseQuery, toQuery, toggleOrdering } from './depositListQuery.ts';

interface Call {
  readonly request: ListDepositsRequest;
  readonly filters: Record<string, unknown>;
}

/** A deposit list server over 60 deposits, 20 RECEIVED, 40 TODO; may be told to fail. */
function server() {
  const calls: Call[] = [];
  const state = { failing: false };
  const all = Array.from({ length: 60 }, (_, i) =>
    create(DepositSchema, {
      uuid: `d-${i}`,
      name: `Dépôt ${i}`,
      status: depositStatusValue(i < 20 ? 'RECEIVED' : 'TODO'),
    }),
  );
  const transport = createRouterTransport(
    (router) =>
      router.service(DepositService, {
        list: (request, ctx) => {
          const header = ctx.requestHeader.get('filters');
          calls.push({ request, filters: header ? JSON.parse(decodeURIComponent(header)) : {} });
          if (state.failing) throw new ConnectError('Bad Gateway', Code.Unavailable);
          const wanted = request.statuses.map(depositStatusOf);
          const matching = all.filter(
            (d) => wanted.length === 0 || wanted.includes(depositStatusOf(d.status)),
          );
          const { page, pageSize } = request.pagination!;
          return create(ListDepositsResponseSchema, {
            results: matching.slice((page - 1) * pageSize, page * pageSize),
            count: matching.length,
          });
        },
      }),
    { transport: { interceptors: appInterceptors(() => 'token') } },
  );
  const clients = createClientFactory({ main: transport, notification: transport });
  /** The page requests (not the per-status counts, which ask for one row). */
  const pageCalls = () => calls.filter((c) => c.request.pagination?.pageSize !== 1);
  return { clients, calls, pageCalls, state };
}

function open(search = '') {
  const backend = server();
  const clock = new SimulatedClock();
  const machine = depositListMachine.provide({
    actors: { ...createDepositListActors(backend.clients) },
  });
  const actor = createActor(machine, {
    clock,
    input: { search, viewer: { isAdminLevel: false, isCustomer: true } },
  });
  const queries: string[] = [];
  actor.on('list.queryChanged', (e) => queries.push(e.query));
  actor.start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy'));
  return { actor, clock, backend, queries, settled };
}

describe('deposit list query', () => {
  it('reads and writes the URL, leaving defaults out', () => {
    const query = parseQuery(
      '?status=TODO,RECEIVED,NOPE&family=WOMAN&from=2024-03-01&to=bad&page=2',
    );
    expect(query.filters).toMatchObject({
      statuses: ['RECEIVED', 'TODO'],
      family: 'WOMAN',
      dateFrom: '2024-03-01',
      dateTo: '',
    });
    expect(query.ordering).toEqual(['-created_at']);
    expect(toQuery(query)).toBe('status=RECEIVED%2CTODO&family=WOMAN&from=2024-03-01&page=2');
    expect(toQuery(parseQuery(''))).toBe('');
  });

  it('orders by the clicked column first, flipping it on a second click', () => {
    expect(toggleOrdering(['-created_at'], 'name')).toEqual(['name', '-created_at']);
    expect(toggleOrdering(['name', '-created_at'], 'name')).toEqual(['-name', '-created_at']);
    expect(toggleOrdering(['name', 'status', 'family'], 'product_number')).toEqual([
      'product_number',
      'name',
      'status',
    ]);
  });

  it('computes the date shortcuts from today', () => {
    const today = new Date(2024, 4, 15);
    expect(shortcutRange('thisMonth', today)).toEqual({
      dateFrom: '2024-05-01',
      dateTo: '2024-05-15',
    });
    expect(shortcutRange('lastThirtyDays', today).dateFrom).toBe('2024-04-16');
    expect(shortcutRange('sinceStartOfYear', today).dateFrom).toBe('2024-01-01');
  });
});

describe('depositListMachine', () => {
  it('starts from the URL and counts deposits per status', async () => {
    const { backend, settled } = open('?status=TODO&family=WOMAN&ordering=name&page=2');
    const snapshot = await settled();
    const [call] = backend.pageCalls();
    expect(call!.request.statuses).toEqual([depositStatusValue('TODO')]);
    expect(call!.request.ordering).toBe('name');
    expect(call!.request.pagination).toMatchObject({ page: 2, pageSize: 25 });
    expect(call!.filters).toEqual({ family: 'WOMAN' });
    expect(snapshot.context.count).toBe(40);
    expect(snapshot.context.rows).toHaveLength(15);
    expect(snapshot.context.statusCounts).toMatchObject({ RECEIVED: 20, TODO: 40, DRAFT: 0 });
    expect(backend.calls).toHaveLength(1 + DEPOSIT_STATUSES.length);
  });

  it('waits 500 ms after the last filter change, then loads once from page 1', async () => {
    const { actor, clock, backend, queries, settled } = open('?page=2');
    await settled();
    actor.send({ type: 'list.setFilters', filters: { gamme: 'LOW' } });
    clock.increment(300);
    actor.send({ type: 'list.setFilters', filters: { statuses: ['RECEIVED'] } });
    clock.increment(499);
    expect(backend.pageCalls()).toHaveLength(1);
    expect(queries.at(-1)).toBe('status=RECEIVED&gamme=LOW');
    clock.increment(1);
    await settled();
    const calls = backend.pageCalls();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.request.statuses).toEqual([depositStatusValue('RECEIVED')]);
    expect(calls[1]!.request.pagination?.page).toBe(1);
    expect(calls[1]!.filters).toEqual({ gamme: 'LOW' });
  });

  it('sends the date range as a created_at range that includes the last day', async () => {
    const { actor, clock, backend, settled } = open();
    await settled();
    actor.send({
      type: 'list.setFilters',
      filters: { dateFrom: '2024-03-01', dateTo: '2024-03-31' },
    });
    clock.increment(500);
    await settled();
    const range = backend.pageCalls().at(-1)!.filters.created_at as Record<string, string>;
    expect(new Date(range.gte!).getDate()).toBe(1);
    expect(new Date(range.lt!).getMonth()).toBe(3);
  });

  it('sorts and pages at once, within the page count', async () => {
    const { actor, backend, queries, settled } = open();
    await settled();
    actor.send({ type: 'list.sort', key: 'name' });
    await settled();
    expect(backend.pageCalls().at(-1)!.request.ordering).toBe('name,-created_at');
    actor.send({ type: 'list.page', page: 3 });
    await settled();
    expect(backend.pageCalls().at(-1)!.request.pagination?.page).toBe(3);
    expect(queries.at(-1)).toBe('ordering=name%2C-created_at&page=3');
    expect(actor.getSnapshot().can({ type: 'list.page', page: 4 })).toBe(false);
  });

  it('shows a failure, then retries', async () => {
    const { actor, backend, settled } = open();
    backend.state.failing = true;
    let snapshot = await settled();
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.errorCode).toBe('unavailable');
    backend.state.failing = false;
    actor.send({ type: 'list.retry' });
    snapshot = await settled();
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context.errorCode).toBeNull();
  });

  it('follows the URL when the user goes back', async () => {
    const { actor, backend, settled } = open('?status=TODO');
    await settled();
    actor.send({ type: 'list.locationChanged', search: '?status=TODO' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'list.locationChanged', search: '' });
    await settled();
    expect(backend.pageCalls().at(-1)!.request.statuses).toEqual([]);
  });
});
