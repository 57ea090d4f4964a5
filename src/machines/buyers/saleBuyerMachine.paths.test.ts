import { Code, ConnectError } from '@connectrpc/connect';
import { expect } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { EMPTY_BUYER } from './buyerTypes.ts';
import {
  saleBuyerMachine,
  type LinkInput,
  type SaleBuyerEvent,
  type SaleBuyers,
} from './saleBuyerMachine.ts';

type Snapshot = SnapshotFrom<typeof saleBuyerMachine>;

const PRODUCT = '00000000-0000-4000-8000-000000000001';
const SALE: SaleBuyers = {
  links: [],
  buyers: [
    { ...EMPTY_BUYER, uuid: 'buyer-1', firstName: 'Marie', lastName: 'Dupont' },
    { ...EMPTY_BUYER, uuid: 'buyer-2', firstName: 'John', lastName: 'Smith' },
  ],
};

const USER_EVENTS: SaleBuyerEvent[] = [
  { type: 'sale.retry' },
  { type: 'sale.choose', buyer: 'buyer-1' },
  { type: 'sale.choose', buyer: '' },
  // Not one of the vendor's buyers: not chosen.
  { type: 'sale.choose', buyer: 'someone-else' },
  { type: 'sale.platform', platform: 4 },
  { type: 'sale.link' },
];
const events = [
  ...USER_EVENTS,
  done('fetchSale', SALE),
  failure('fetchSale', new ConnectError('down', Code.Unavailable)),
  done('linkBuyer'),
  failure('linkBuyer', new ConnectError('{"code":"FORBIDDEN"}', Code.PermissionDenied)),
];

function check(s: Snapshot, { where, started, previous, event }: StepInfo<Snapshot>): void {
  const c = s.context;
  for (const { id, input } of started) {
    if (id === 'fetchSale') expect(input, where).toEqual({ product: PRODUCT });
    if (id === 'linkBuyer') {
      const link = input as LinkInput;
      expect(link.product, where).toBe(PRODUCT);
      expect(
        c.buyers.map((b) => b.uuid),
        where,
      ).toContain(link.buyer);
    }
  }
  expect(c.chosen === '' || c.buyers.some((b) => b.uuid === c.chosen), where).toBe(true);
  if (previous && event.type === 'xstate.error.actor.linkBuyer') {
    expect(c.refusal, where).toEqual({ code: 'forbidden', i18nKey: 'errors.forbidden' });
    expect(c.chosen, where).toBe(previous.context.chosen);
  }
}

const walk = walkPaths({
  machine: saleBuyerMachine,
  input: { product: PRODUCT },
  events,
  errorOf: (s) => s.context.errorCode,
  check,
});

describePaths('saleBuyerMachine', walk, {
  title: 'without failures',
  events: events.filter((e) => !e.type.startsWith('xstate.error')),
  atLeast: () => 4,
});
