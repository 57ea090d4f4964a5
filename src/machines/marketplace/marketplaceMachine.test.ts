import { create } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createClientFactory } from '../../rpc/clients.ts';
import {
  AvailableDepositSchema,
  DepositSchema,
  DepositService,
  WantDepositRefusal,
  type WantDepositRequest,
} from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductFamily } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { marketplaceLogic } from './marketplaceLogic.ts';
import type { MarketplaceEmitted } from './marketplaceMachine.ts';
import { REFUSAL_FIXES, REFUSALS, refusalKey } from './refusals.ts';
import { fr } from '../../i18n/fr.ts';
import { en } from '../../i18n/en.ts';

const VENDOR = '00000000-0000-4000-8000-0000000000a1';
const OPEN = '00000000-0000-4000-8000-000000000001';
const FAR = '00000000-0000-4000-8000-000000000002';

/** A server that behaves like the contract: two open deposits, one too far for postal shipping. */
function server(opts: { vendorRefusal?: WantDepositRefusal; refuseWith?: string } = {}) {
  const calls: WantDepositRequest[] = [];
  const deposit = (uuid: string, name: string) =>
    create(DepositSchema, {
      uuid,
      name,
      family: ProductFamily.WOMAN,
      createdAt: timestampFromMs(Date.UTC(2025, 0, 10)),
    });
  const transport = createRouterTransport(({ service }) => {
    service(DepositService, {
      listAvailable: () => ({
        count: 2,
        vendorRefusal: opts.vendorRefusal ?? WantDepositRefusal.UNSPECIFIED,
        results: [
          create(AvailableDepositSchema, {
            deposit: deposit(OPEN, 'Dépôt Martin'),
            department: '75',
          }),
          create(AvailableDepositSchema, {
            deposit: deposit(FAR, 'Dépôt Lyon'),
            department: '69',
            refusal: WantDepositRefusal.POSTAL_SHIPPING_REFUSED_OTHER_DEPARTMENT,
          }),
        ],
      }),
      wantDeposit: (req) => {
        calls.push(req);
        if (opts.refuseWith)
          throw new ConnectError(
            JSON.stringify({ code: opts.refuseWith, message: 'refused' }),
            Code.FailedPrecondition,
          );
        return { success: true, deposit: deposit(req.uuid, 'Dépôt Martin') };
      },
    });
  });
  const clients = createClientFactory({ main: transport, notification: transport });
  return { clients, calls };
}

async function started(
  clients: ReturnType<typeof server>['clients'],
  vendorUuid: string | null = VENDOR,
) {
  const actor = createActor(marketplaceLogic(clients), { input: { vendorUuid } });
  const emitted: MarketplaceEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  await waitFor(actor, (s) => !s.hasTag('busy'));
  return { actor, emitted };
}

describe('marketplace machine over the contract', () => {
  it('lists open deposits with the reason each one cannot be taken, before trying', async () => {
    const { actor } = await started(server().clients);
    const { rows, count } = actor.getSnapshot().context;
    expect(count).toBe(2);
    expect(rows.map((r) => [r.name, r.department, r.family, r.refusal])).toEqual([
      ['Dépôt Martin', '75', 'WOMAN', null],
      ['Dépôt Lyon', '69', 'WOMAN', 'POSTAL_SHIPPING_REFUSED_OTHER_DEPARTMENT'],
    ]);
    expect(actor.getSnapshot().can({ type: 'marketplace.take', uuid: OPEN })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'marketplace.take', uuid: FAR })).toBe(false);
  });

  it('takes a deposit with the vendor uuid, marks it requested and says so', async () => {
    const { clients, calls } = server();
    const { actor, emitted } = await started(clients);
    actor.send({ type: 'marketplace.take', uuid: OPEN });
    expect(actor.getSnapshot().hasTag('taking')).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls.map((c) => [c.uuid, c.vendorUuid])).toEqual([[OPEN, VENDOR]]);
    expect(actor.getSnapshot().context.rows[0]?.alreadyRequested).toBe(true);
    expect(emitted).toEqual([{ type: 'marketplace.taken', name: 'Dépôt Martin' }]);
    expect(actor.getSnapshot().can({ type: 'marketplace.take', uuid: OPEN })).toBe(false);
  });

  it('writes a refusal the server found onto the deposit and reports it', async () => {
    const { actor, emitted } = await started(
      server({ refuseWith: 'ALREADY_TOOK_DEPOSIT_TODAY' }).clients,
    );
    actor.send({ type: 'marketplace.take', uuid: OPEN });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.rows[0]?.refusal).toBe('ALREADY_TOOK_DEPOSIT_TODAY');
    expect(emitted).toEqual([
      { type: 'marketplace.refused', refusal: 'ALREADY_TOOK_DEPOSIT_TODAY' },
    ]);
  });

  it('reports other failures by their error code and leaves the deposit takeable', async () => {
    const { actor, emitted } = await started(server({ refuseWith: 'NOT_FOUND' }).clients);
    actor.send({ type: 'marketplace.take', uuid: OPEN });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(emitted).toEqual([{ type: 'marketplace.takeFailed', code: 'invalidRequest' }]);
    expect(actor.getSnapshot().can({ type: 'marketplace.take', uuid: OPEN })).toBe(true);
  });

  it('blocks every deposit when a reason applies to the vendor (trial period)', async () => {
    const { actor } = await started(
      server({ vendorRefusal: WantDepositRefusal.TRIAL_PERIOD }).clients,
    );
    expect(actor.getSnapshot().context.vendorRefusal).toBe('TRIAL_PERIOD');
    expect(actor.getSnapshot().can({ type: 'marketplace.take', uuid: OPEN })).toBe(false);
  });

  it('cannot take without a vendor record (a developer browsing)', async () => {
    const { actor } = await started(server().clients, null);
    expect(actor.getSnapshot().can({ type: 'marketplace.take', uuid: OPEN })).toBe(false);
  });

  it('lands in failed on a load error and retries', async () => {
    let fail = true;
    const transport = createRouterTransport(({ service }) => {
      service(DepositService, {
        listAvailable: () => {
          if (fail) throw new ConnectError('down', Code.Unavailable);
          return { count: 0, results: [] };
        },
      });
    });
    const { actor } = await started(
      createClientFactory({ main: transport, notification: transport }),
    );
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.errorCode).toBe('unavailable');
    fail = false;
    actor.send({ type: 'marketplace.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.errorCode).toBeNull();
  });
});

describe('refusal texts', () => {
  it.each(REFUSALS)('%s has a text in both languages', (refusal) => {
    const [area, item] = refusalKey(refusal).split('.') as [string, string];
    expect((fr as Record<string, Record<string, string>>)[area]?.[item]).toBeTruthy();
    expect((en as Record<string, Record<string, string>>)[area]?.[item]).toBeTruthy();
  });

  it('every fix action has a text', () => {
    for (const fix of Object.values(REFUSAL_FIXES)) {
      const [area, item] = fix.labelKey.split('.') as [string, string];
      expect((fr as Record<string, Record<string, string>>)[area]?.[item]).toBeTruthy();
    }
  });

  it('covers the 15 contract values', () => {
    expect(REFUSALS).toHaveLength(15);
  });
});
