import { describe, expect, it } from 'vitest';
import { dressingTimeline, type ItemFacts } from './dressing.ts';

const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const none: ItemFacts = {
  saleStatus: 'OFFLINE',
  depositStatus: 'WAITING_FOR_VENDOR',
  registeredAt: null,
  stockEntryAt: null,
  createdAt: day(1),
  photographedAt: null,
  onlineAt: null,
  firstListedAt: null,
  reservedAt: null,
  releasedAt: null,
  soldAt: null,
  shippedAt: null,
  paidOutAt: null,
};
const steps = (f: Partial<ItemFacts>) => dressingTimeline({ ...none, ...f }).map((e) => e.step);

describe('an item’s timeline', () => {
  it('has no reception before the vendor holds the deposit', () => {
    expect(steps({})).toEqual([]);
    expect(steps({ depositStatus: 'INLINE', stockEntryAt: day(2) })).toEqual(['RECEIVED']);
    expect(
      dressingTimeline({ ...none, registeredAt: day(3), stockEntryAt: day(2) })[0]?.at,
    ).toEqual(day(3));
  });

  it('puts every step in the order of a sale, whatever the order of the dates', () => {
    expect(
      steps({
        saleStatus: 'PAYED',
        registeredAt: day(9),
        photographedAt: day(1),
        firstListedAt: day(4),
        onlineAt: day(5),
        reservedAt: day(6),
        soldAt: day(7),
        shippedAt: day(8),
        paidOutAt: day(8),
      }),
    ).toEqual(['RECEIVED', 'PHOTOGRAPHED', 'ONLINE', 'RESERVED', 'SOLD', 'SHIPPED', 'PAID_OUT']);
    // Online is the earlier of its own date and its first listing.
    expect(dressingTimeline({ ...none, onlineAt: day(5), firstListedAt: day(4) })[0]?.at).toEqual(
      day(4),
    );
  });

  it('drops a sale taken back and a reservation released without a sale', () => {
    expect(steps({ saleStatus: 'ONLINE', soldAt: day(3) })).toEqual([]);
    expect(steps({ saleStatus: 'ONLINE', reservedAt: day(3), releasedAt: day(4) })).toEqual([]);
    expect(steps({ saleStatus: 'RESERVED', reservedAt: day(5), releasedAt: day(4) })).toEqual([
      'RESERVED',
    ]);
    expect(
      steps({ saleStatus: 'SELL', reservedAt: day(3), releasedAt: day(4), soldAt: day(5) }),
    ).toEqual(['RESERVED', 'SOLD']);
  });
});
