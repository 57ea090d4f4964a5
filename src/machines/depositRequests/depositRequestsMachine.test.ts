import { create } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor, type EventObject } from 'xstate';
import { createClientFactory } from '../../rpc/clients.ts';
import {
  DepositRequestSchema,
  DepositSchema,
  DepositService,
  type AssignDepositRequest,
} from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { depositRequestsLogic } from './depositRequestsLogic.ts';
import { deadlineOf, type DepositRequestsEmitted } from './depositRequestsMachine.ts';

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 2, 1, 9, 0);
const DEPOSIT = '00000000-0000-4000-8000-000000000010';
const ALICE = '00000000-0000-4000-8000-0000000000a1';
const BOB = '00000000-0000-4000-8000-0000000000b2';

/** A server holding one request made at T0 (due T0 + 48 h) wanted by two vendors. */
function server() {
  const assigned: AssignDepositRequest[] = [];
  let version = 3;
  const transport = createRouterTransport(({ service }) => {
    service(DepositService, {
      listRequests: () => ({
        count: assigned.length ? 0 : 1,
        results: assigned.length
          ? []
          : [
              create(DepositRequestSchema, {
                deposit: create(DepositSchema, {
                  uuid: DEPOSIT,
                  name: 'Dépôt Martin',
                  customerPostalCode: '75011',
                  rowVersion: version,
                }),
                requestedAt: timestampFromMs(T0),
                dueAt: timestampFromMs(T0 + 48 * HOUR),
                candidates: [
                  { vendor: ALICE, vendorName: 'Alice', wantedAt: timestampFromMs(T0) },
                  { vendor: BOB, vendorName: 'Bob', wantedAt: timestampFromMs(T0 + HOUR) },
                ],
              }),
            ],
      }),
      assign: (req) => {
        if (req.rowVersion !== version)
          throw new ConnectError(
            JSON.stringify({ code: 'CHANGED_BY_SOMEONE_ELSE', message: 'stale' }),
            Code.Aborted,
          );
        assigned.push(req);
        version += 1;
        return create(DepositSchema, {
          uuid: req.uuid,
          vendor: req.vendorUuid,
          rowVersion: version,
        });
      },
    });
  });
  return {
    clients: createClientFactory({ main: transport, notification: transport }),
    assigned,
    bump: () => (version += 1),
  };
}

/** A clock the test moves by hand. */
function manualClock(start: number) {
  let send: ((e: EventObject) => void) | undefined;
  const logic = fromCallback<EventObject>(({ sendBack }) => {
    send = sendBack;
    sendBack({ type: 'clock.ticked', now: start } as EventObject);
  });
  return { logic, tick: (now: number) => send?.({ type: 'clock.ticked', now } as EventObject) };
}

async function started(clients: ReturnType<typeof server>['clients'], now = T0 + HOUR) {
  const clock = manualClock(now);
  const actor = createActor(
    depositRequestsLogic(clients).provide({ actors: { clock: clock.logic } }),
    {
      input: {},
    },
  );
  const emitted: DepositRequestsEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  await waitFor(actor, (s) => !s.hasTag('busy'));
  return { actor, emitted, tick: clock.tick };
}

describe('deadline', () => {
  it('counts the minutes left, then the minutes late', () => {
    expect(deadlineOf(T0 + 48 * HOUR, T0 + HOUR)).toEqual({ overdue: false, minutes: 47 * 60 });
    expect(deadlineOf(T0 + 48 * HOUR, T0 + 49 * HOUR + 60_000)).toEqual({
      overdue: true,
      minutes: 61,
    });
    expect(deadlineOf(null, T0)).toEqual({ overdue: false, minutes: null });
  });
});

describe('deposit requests machine over the contract', () => {
  it('lists requests with their deadline and candidates, and follows the clock', async () => {
    const { actor, tick } = await started(server().clients);
    const [row] = actor.getSnapshot().context.rows;
    expect(row).toMatchObject({
      uuid: DEPOSIT,
      name: 'Dépôt Martin',
      postalCode: '75011',
      rowVersion: 3,
      requestedAt: T0,
      dueAt: T0 + 48 * HOUR,
    });
    expect(row?.candidates.map((c) => c.vendorName)).toEqual(['Alice', 'Bob']);
    expect(actor.getSnapshot().context.now).toBe(T0 + HOUR);
    tick(T0 + 50 * HOUR);
    const { now } = actor.getSnapshot().context;
    expect(deadlineOf(row!.dueAt, now).overdue).toBe(true);
  });

  it('assigns with the row version read, drops the request and says so', async () => {
    const { clients, assigned } = server();
    const { actor, emitted } = await started(clients);
    expect(
      actor.getSnapshot().can({ type: 'requests.assign', uuid: DEPOSIT, vendor: 'nobody' }),
    ).toBe(false);
    actor.send({ type: 'requests.assign', uuid: DEPOSIT, vendor: BOB });
    expect(actor.getSnapshot().hasTag('assigning')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(assigned.map((a) => [a.uuid, a.vendorUuid, a.rowVersion])).toEqual([[DEPOSIT, BOB, 3]]);
    expect(actor.getSnapshot().context.rows).toEqual([]);
    expect(emitted).toEqual([
      { type: 'requests.assigned', name: 'Dépôt Martin', vendorName: 'Bob' },
    ]);
  });

  it('stops in stale when someone else changed the deposit, and reloads on demand', async () => {
    const { clients, bump, assigned } = server();
    const { actor } = await started(clients);
    bump();
    actor.send({ type: 'requests.assign', uuid: DEPOSIT, vendor: ALICE });
    await waitFor(actor, (s) => s.hasTag('stale'));
    expect(actor.getSnapshot().context.errorCode).toBe('changedBySomeoneElse');
    expect(actor.getSnapshot().can({ type: 'requests.assign', uuid: DEPOSIT, vendor: ALICE })).toBe(
      false,
    );
    actor.send({ type: 'requests.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.rows[0]?.rowVersion).toBe(4);
    actor.send({ type: 'requests.assign', uuid: DEPOSIT, vendor: ALICE });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(assigned).toHaveLength(1);
  });

  it('reports other assignment failures and stays ready', async () => {
    const transport = createRouterTransport(({ service }) => {
      service(DepositService, {
        listRequests: () => ({
          count: 1,
          results: [
            create(DepositRequestSchema, {
              deposit: create(DepositSchema, { uuid: DEPOSIT, name: 'D', rowVersion: 1 }),
              candidates: [{ vendor: ALICE, vendorName: 'Alice' }],
            }),
          ],
        }),
        assign: () => {
          throw new ConnectError(JSON.stringify({ code: 'FORBIDDEN' }), Code.PermissionDenied);
        },
      });
    });
    const { actor, emitted } = await started(
      createClientFactory({ main: transport, notification: transport }),
    );
    actor.send({ type: 'requests.assign', uuid: DEPOSIT, vendor: ALICE });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(emitted).toEqual([{ type: 'requests.assignFailed', code: 'forbidden' }]);
    expect(actor.getSnapshot().context.rows).toHaveLength(1);
  });

  it('the real clock ticks every minute', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers({ now: T0 });
    try {
      const { clients } = server();
      const actor = createActor(depositRequestsLogic(clients), { input: {} }).start();
      expect(actor.getSnapshot().context.now).toBe(T0);
      vi.advanceTimersByTime(60_000);
      expect(actor.getSnapshot().context.now).toBe(T0 + 60_000);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
