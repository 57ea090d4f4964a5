import { create } from '@bufbuild/protobuf';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { createClientFactory } from '../../rpc/clients.ts';
import {
  DashboardService,
  GetDashboardResponseSchema,
} from '../../rpc/gen/seconde/v1/dashboard_pb.ts';
import { dashboardLogic } from './dashboardLogic.ts';

/** A DashboardService that fails `failures` times, then answers. */
function backend(failures: number) {
  let calls = 0;
  const transport = createRouterTransport(({ service }) => {
    service(DashboardService, {
      get() {
        calls += 1;
        if (calls <= failures) throw new ConnectError('down', Code.Unavailable);
        return create(GetDashboardResponseSchema, {
          depositsByStatus: [{ key: 'INLINE', count: 3 }],
          productsBySaleStatus: [{ key: 'SELL', count: 2 }],
          customerCount: 5,
          soldTurnover: 42.5,
          openSupportTickets: 1,
        });
      },
    });
  });
  const clients = createClientFactory({ main: transport, notification: transport });
  return { clients, calls: () => calls };
}

function start(failures: number) {
  const { clients, calls } = backend(failures);
  const logic = dashboardLogic(clients).provide({
    actors: { clock: fromCallback(() => undefined) },
  });
  return { actor: createActor(logic, { input: { now: 0 } }).start(), calls };
}

describe('dashboardLogic', () => {
  it('loads the figures by status name', async () => {
    const { actor } = start(0);
    const s = await waitFor(actor, (x) => x.matches('loaded'));
    expect(s.context.figures).toEqual({
      depositsByStatus: { INLINE: 3 },
      productsBySaleStatus: { SELL: 2 },
      customerCount: 5,
      vendorCount: 0,
      soldTurnover: 42.5,
      openDepositRequests: 0,
      openSupportTickets: 1,
    });
  });

  it('names a failure and loads again on retry', async () => {
    const { actor, calls } = start(1);
    const failed = await waitFor(actor, (x) => x.matches('failed'));
    expect(failed.context.errorCode).toBe('unavailable');
    actor.send({ type: 'dashboard.retry' });
    await waitFor(actor, (x) => x.matches('loaded'));
    expect(calls()).toBe(2);
  });
});
