import { Code, ConnectError } from '@connectrpc/connect';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { callErrorKey } from '../connectors/connectorReasons.ts';
import { describePaths, done, failure, walkPaths, type StepInfo } from '../testing/walkPaths.ts';
import { listingsMachine, soldPriceOf } from './listingsMachine.ts';
import type { ListingRow, ListingsContext, LoadedListings } from './listingsTypes.ts';

const LISTED: ListingRow = {
  uuid: 'l-ebay',
  publisherName: 'EBAY',
  url: 'https://ebay.test/itm/1',
  status: 'LISTED',
  error: '',
  listedAt: 1,
  withdrawnAt: null,
  withdrawReason: '',
};
const FAILED: ListingRow = { ...LISTED, uuid: 'l-shop', status: 'FAILED', error: 'Bad size' };
const RESERVED: LoadedListings = {
  listings: [LISTED, FAILED],
  timeline: [],
  reservation: {
    uuid: 'r-1',
    buyerName: 'Alice',
    buyerEmail: 'alice@example.test',
    buyerPhone: '',
    message: '',
    createdAt: 1,
  },
};
const PLAIN: LoadedListings = { ...RESERVED, reservation: null };
const refusal = (reason: string, code = Code.FailedPrecondition) =>
  new ConnectError(JSON.stringify({ code: reason, message: reason }), code);

const events = [
  done('loadListings', RESERVED),
  done('loadListings', PLAIN),
  failure('loadListings', new ConnectError('down', Code.Unavailable)),
  { type: 'listings.retry' },
  { type: 'listings.reload' },
  { type: 'listings.withdraw', uuid: 'l-ebay' },
  { type: 'listings.withdraw', uuid: 'l-shop' },
  { type: 'listings.confirm' },
  { type: 'listings.cancel' },
  done('withdrawListing'),
  failure('withdrawListing', refusal('CHANNEL_UNAVAILABLE', Code.Unavailable)),
  { type: 'listings.changeSoldPrice', value: '12,50' },
  { type: 'listings.changeSoldPrice', value: 'douze' },
  { type: 'listings.sell' },
  done('confirmSale'),
  failure('confirmSale', refusal('SALE_BEFORE_INLINE')),
  { type: 'listings.release' },
  done('releaseReservation'),
  failure('releaseReservation', refusal('RESERVATION_DECIDED')),
  { type: 'listings.dismiss' },
];

/** The smaller alphabet of the simple paths: answer a reservation. */
const reservationEvents = [
  done('loadListings', RESERVED),
  { type: 'listings.changeSoldPrice', value: '12,50' },
  { type: 'listings.sell' },
  done('confirmSale'),
  failure('confirmSale', refusal('SALE_BEFORE_INLINE')),
  { type: 'listings.release' },
  done('releaseReservation'),
];

const contextOf = (s: AnyMachineSnapshot) => s.context as ListingsContext;

const serializeState = (s: AnyMachineSnapshot) => {
  const c = contextOf(s);
  return JSON.stringify([
    s.value,
    c.reservation?.uuid,
    c.soldPrice,
    c.withdrawing,
    c.error?.reason,
    c.notice,
  ]);
};

function check(
  s: AnyMachineSnapshot,
  { where, event, emitted, started }: StepInfo<AnyMachineSnapshot>,
) {
  const c = contextOf(s);
  // Only a listed item is withdrawn, and only after the confirmation.
  for (const call of started.filter((x) => x.id === 'withdrawListing')) {
    expect(event.type, where).toBe('listings.confirm');
    expect(call.input, where).toEqual({ uuid: 'l-ebay' });
  }
  // The sale goes at the typed price, or without one (the suggested price applies).
  for (const call of started.filter((x) => x.id === 'confirmSale'))
    expect(call.input, where).toEqual(
      c.soldPrice === '12,50' ? { uuid: 'r-1', soldPrice: 12.5 } : { uuid: 'r-1' },
    );
  if (started.some((x) => x.id === 'releaseReservation'))
    expect(started[0]!.input, where).toEqual({ uuid: 'r-1' });
  if (s.hasTag('confirming')) expect(c.withdrawing, where).toBe('l-ebay');
  // The page reloads the product after every change, never otherwise.
  const changed = /^xstate\.done\.actor\.(withdrawListing|confirmSale|releaseReservation)$/.test(
    event.type,
  );
  expect(emitted, where).toEqual(changed ? [{ type: 'listings.productChanged' }] : []);
  if (s.hasTag('error')) expect(callErrorKey(c.error), where).toBeTruthy();
}

describePaths(
  'listingsMachine',
  walkPaths({
    machine: listingsMachine,
    input: { product: 'p-1' },
    events,
    serializeState,
    errorOf: (s) => contextOf(s).error,
    check,
  }),
  {
    title: 'of answering a reservation',
    events: reservationEvents,
    atLeast: () => 5,
  },
);

describe('sold price', () => {
  it('is unset while untouched or empty, a number when typed, refused otherwise', () => {
    expect(soldPriceOf(null)).toBeUndefined();
    expect(soldPriceOf(' ')).toBeUndefined();
    expect(soldPriceOf('12,5')).toBe(12.5);
    expect(soldPriceOf('abc')).toBeNull();
  });
});
