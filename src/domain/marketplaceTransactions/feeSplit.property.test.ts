import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeSplitPerChannel, splitOne, type FeeSplitInput } from './feeSplit.ts';

const amount = fc.integer({ min: 0, max: 500_000 });
const transactionArb: fc.Arbitrary<FeeSplitInput> = fc.record({
  channel: fc.constantFrom('MAIN_MARKETPLACE', 'EBAY', 'VESTIAIRE_COLLECTIVE'),
  priceCents: amount,
  buyerFeeCents: amount,
  sellerFeeCents: amount,
  shippingCents: amount,
  payoutCents: amount,
  depositorIncomeCents: fc.option(amount, { nil: null }),
  linked: fc.boolean(),
});

describe('the fee-aware split per channel', () => {
  it('adds up to the cent: gross = fees + net, net = depositors + vendor, channels = total', () => {
    fc.assert(
      fc.property(fc.array(transactionArb, { maxLength: 40 }), (transactions) => {
        const { channels, total } = feeSplitPerChannel(transactions);
        for (const c of [...channels, total]) {
          for (const value of Object.values(c))
            if (typeof value === 'number') expect(Number.isInteger(value)).toBe(true);
          expect(c.marketplaceFeesCents + c.netCents).toBe(c.grossCents);
          expect(c.depositorShareCents + c.vendorShareCents).toBe(c.netCents);
          expect(c.marketplaceFeesCents).toBeGreaterThanOrEqual(0);
          expect(c.depositorShareCents).toBeGreaterThanOrEqual(0);
          expect(c.vendorShareCents).toBeGreaterThanOrEqual(0);
        }
        const sum = (key: 'grossCents' | 'netCents' | 'vendorShareCents' | 'count') =>
          channels.reduce((s, c) => s + c[key], 0);
        expect(sum('grossCents')).toBe(total.grossCents);
        expect(sum('netCents')).toBe(total.netCents);
        expect(sum('vendorShareCents')).toBe(total.vendorShareCents);
        expect(sum('count')).toBe(transactions.length);
        expect(total.grossCents).toBe(transactions.reduce((s, t) => s + t.priceCents, 0));
      }),
    );
  });

  it('keeps the channels apart and never pays a depositor more than was received', () => {
    fc.assert(
      fc.property(transactionArb, transactionArb, (a, b) => {
        const { channels } = feeSplitPerChannel([a, { ...b, channel: 'DEPOP' }]);
        expect(channels.map((c) => c.channel)).toEqual(
          a.channel === 'DEPOP' ? ['DEPOP'] : [a.channel, 'DEPOP'],
        );
        const one = splitOne(a);
        expect(one.depositorShareCents).toBeLessThanOrEqual(one.netCents);
      }),
    );
  });

  it('reads a missing payout as the price less the seller fee', () => {
    const split = splitOne({
      channel: 'EBAY',
      priceCents: 2000,
      buyerFeeCents: 0,
      sellerFeeCents: 260,
      shippingCents: 499,
      payoutCents: 0,
      depositorIncomeCents: 1600,
      linked: true,
    });
    expect(split).toMatchObject({
      grossCents: 2000,
      marketplaceFeesCents: 260,
      netCents: 1740,
      depositorShareCents: 1600,
      vendorShareCents: 140,
      shippingCents: 499,
    });
  });
});
