import { create } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { Code, ConnectError, createRouterTransport } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { createClientFactory } from '../../rpc/clients.ts';
import {
  CustomerService,
  LedgerEntryKind,
  LedgerEntrySchema,
  type LedgerEntry,
} from '../../rpc/gen/seconde/v1/customer_pb.ts';
import {
  PayoutItemSchema,
  PayoutMethod,
  PayoutSchema,
  PayoutService,
  type SettleRequest,
} from '../../rpc/gen/seconde/v1/payout_pb.ts';
import { payableItems, settleLogic } from './payoutLogic.ts';

const CUSTOMER = '00000000-0000-4000-8000-0000000000d1';
const DAY = Date.parse('2026-11-20T10:00:00Z');

const entry = (
  uuid: string,
  product: string,
  amountCents: number,
  kind = LedgerEntryKind.SALE_CREDIT,
  payable = true,
): LedgerEntry =>
  create(LedgerEntrySchema, {
    uuid,
    customer: CUSTOMER,
    product,
    kind,
    amountCents: BigInt(amountCents),
    payableAt: payable ? timestampFromMs(DAY) : undefined,
    productReference: `R-${product}`,
    productName: `Article ${product}`,
  });

/** p1 paid by the buyer; p2 returned after payment; p3 not paid yet; p4 already paid out. */
const ENTRIES = [
  entry('e1', 'p1', 3200),
  entry('e2', 'p2', 1500),
  entry('e3', 'p2', -1500, LedgerEntryKind.SALE_REVERSAL),
  entry('e4', 'p3', 2000, LedgerEntryKind.SALE_CREDIT, false),
  entry('e5', 'p4', 800),
  entry('e6', '', -800, LedgerEntryKind.PAYOUT),
];
const SETTLED = new Set(['e5']);

describe('payable items', () => {
  it('are the payable sale entries no payout settled, summed per item, still owed something', () => {
    expect(payableItems(ENTRIES, SETTLED)).toEqual([
      { product: 'p1', reference: 'R-p1', name: 'Article p1', amountCents: 3200, payableAt: DAY },
    ]);
  });
});

/** A server with the ledger above, whose first settle call is lost on the way back. */
function server() {
  const settles: SettleRequest[] = [];
  const transport = createRouterTransport(({ service }) => {
    service(CustomerService, {
      listLedgerEntries: () => ({ results: ENTRIES, count: ENTRIES.length }),
    });
    service(PayoutService, {
      list: () => ({
        results: [
          create(PayoutSchema, {
            uuid: 'old',
            items: [create(PayoutItemSchema, { ledgerEntry: 'e5', product: 'p4' })],
          }),
        ],
        count: 1,
      }),
      settle: (req) => {
        settles.push(req);
        if (settles.length === 1) throw new ConnectError('lost', Code.Unavailable);
        return create(PayoutSchema, {
          uuid: 'payout-1',
          customer: CUSTOMER,
          method: req.method,
          amountCents: 3200n,
          receiptNumber: 'R-2026-000001',
          items: [create(PayoutItemSchema, { ledgerEntry: 'e1', product: 'p1' })],
        });
      },
    });
  });
  return { clients: createClientFactory({ main: transport, notification: transport }), settles };
}

describe('settle dialog over the contract', () => {
  it('pays once: a retry after a lost answer sends the same key, and the payout is announced', async () => {
    const { clients, settles } = server();
    const actor = createActor(settleLogic(clients), {
      input: { customer: CUSTOMER, today: '2026-11-26' },
    });
    const settled: unknown[] = [];
    actor.on('settle.settled', (e) => settled.push(e.payout));
    actor.start();
    actor.send({ type: 'settle.open' });
    await waitFor(actor, (s) => s.matches({ open: 'editing' }));
    expect(actor.getSnapshot().context.items.map((i) => i.product)).toEqual(['p1']);

    actor.send({ type: 'settle.method', method: 'CASH' });
    actor.send({ type: 'settle.submit' });
    await waitFor(actor, (s) => s.matches({ open: 'editing' }) && s.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toEqual({ code: 'unavailable', reason: null });
    actor.send({ type: 'settle.submit' });
    await waitFor(actor, (s) => s.matches({ open: 'settled' }));

    expect(settles).toHaveLength(2);
    expect(settles[1]!.idempotencyKey).toBe(settles[0]!.idempotencyKey);
    expect(settles[1]).toMatchObject({
      customer: CUSTOMER,
      method: PayoutMethod.CASH,
      cutOff: '2026-11-26',
      products: [],
    });
    expect(settled).toEqual([
      expect.objectContaining({
        uuid: 'payout-1',
        amountCents: 3200,
        method: 'CASH',
        itemCount: 1,
      }),
    ]);

    // A new opening is a new payment: a new key.
    actor.send({ type: 'settle.close' });
    actor.send({ type: 'settle.open' });
    expect(actor.getSnapshot().context.idempotencyKey).not.toBe(settles[0]!.idempotencyKey);
    actor.stop();
  });
});
