import { describe, expect, it } from 'vitest';
import { ledgerChangeFor, ledgerTotals, toCents, type LedgerEntry } from './ledger.ts';

const credit = (over: Partial<LedgerEntry> = {}): LedgerEntry => ({
  uuid: 'c1',
  kind: 'SALE_CREDIT',
  product: 'p',
  amountCents: 3200,
  payableAt: null,
  reverses: null,
  ...over,
});

describe('ledgerChangeFor', () => {
  it('credits the share once when the item is sold', () => {
    expect(ledgerChangeFor({ saleStatus: 'SELL', shareCents: 3200 }, [])).toEqual({
      credits: [{ amountCents: 3200, payable: false }],
      reversals: [],
      madePayable: [],
    });
    expect(ledgerChangeFor({ saleStatus: 'SELL', shareCents: 3200 }, [credit()])).toEqual({
      credits: [],
      reversals: [],
      madePayable: [],
    });
  });

  it('makes the credit payable when the payment is recorded, once', () => {
    expect(
      ledgerChangeFor({ saleStatus: 'PAYED', shareCents: 3200 }, [credit()]).madePayable,
    ).toEqual(['c1']);
    const paid = credit({ payableAt: new Date(1) });
    expect(ledgerChangeFor({ saleStatus: 'PAYED', shareCents: 3200 }, [paid]).madePayable).toEqual(
      [],
    );
  });

  it('reverses the credit on a return, payable when the credit was', () => {
    const paid = credit({ payableAt: new Date(1) });
    expect(ledgerChangeFor({ saleStatus: 'ONLINE', shareCents: 3200 }, [paid]).reversals).toEqual([
      { reverses: 'c1', amountCents: -3200, payable: true },
    ]);
    const reversal = credit({
      uuid: 'r1',
      kind: 'SALE_REVERSAL',
      amountCents: -3200,
      reverses: 'c1',
    });
    expect(ledgerChangeFor({ saleStatus: 'ONLINE', shareCents: 3200 }, [paid, reversal])).toEqual({
      credits: [],
      reversals: [],
      madePayable: [],
    });
  });

  it('reverses and credits again when the share changes while sold; leaves invoiced items alone', () => {
    const change = ledgerChangeFor({ saleStatus: 'SELL', shareCents: 4000 }, [credit()]);
    expect(change.reversals).toEqual([{ reverses: 'c1', amountCents: -3200, payable: false }]);
    expect(change.credits).toEqual([{ amountCents: 4000, payable: false }]);
    expect(
      ledgerChangeFor({ saleStatus: 'FACTURED', shareCents: 0 }, [credit()]).reversals,
    ).toEqual([]);
  });
});

describe('ledgerTotals and toCents', () => {
  it('sums every entry into the balance and the payable ones into what may be paid now', () => {
    expect(
      ledgerTotals([
        { amountCents: 3200, payableAt: new Date(1) },
        { amountCents: 1000, payableAt: null },
        { amountCents: -500, payableAt: new Date(2) },
      ]),
    ).toEqual({ balanceCents: 3700, payableCents: 2700 });
  });

  it('reads euros as whole cents', () => {
    expect(toCents(32.1)).toBe(3210);
    expect(toCents('0.29')).toBe(29);
    expect(toCents(null)).toBe(0);
    expect(toCents(-3)).toBe(0);
  });
});
