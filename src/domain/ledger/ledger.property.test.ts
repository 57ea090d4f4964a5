import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SALE_STATUSES, type SaleStatus } from '../deposit/statuses.ts';
import { ledgerChangeFor, ledgerTotals, liveCredits, type LedgerEntry } from './ledger.ts';

/** One step of a depositor's history: a product's status or share changes, or a payout is made. */
type Step =
  | { readonly kind: 'status'; readonly product: number; readonly status: SaleStatus }
  | { readonly kind: 'share'; readonly product: number; readonly shareCents: number }
  | { readonly kind: 'payout'; readonly cents: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      product: fc.integer({ min: 0, max: 3 }),
      status: fc.constantFrom(...SALE_STATUSES),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('share' as const),
      product: fc.integer({ min: 0, max: 3 }),
      shareCents: fc.integer({ min: 0, max: 1_000_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      cents: fc.integer({ min: 1, max: 1_000_000 }),
    }),
  },
);

/** The ledger as the server keeps it: entries appended, `payableAt` set once, nothing else. */
class Ledger {
  entries: LedgerEntry[] = [];
  private next = 0;
  private clock = 0;

  /** Writes what the rules ask for one product; answers how many rows it wrote or changed. */
  apply(product: string, state: { saleStatus: string; shareCents: number }): number {
    const mine = this.entries.filter((e) => e.product === product);
    const change = ledgerChangeFor(state, mine);
    const now = new Date(++this.clock);
    for (const r of change.reversals)
      this.push({
        kind: 'SALE_REVERSAL',
        product,
        amountCents: r.amountCents,
        payableAt: r.payable ? now : null,
        reverses: r.reverses,
      });
    for (const c of change.credits)
      this.push({
        kind: 'SALE_CREDIT',
        product,
        amountCents: c.amountCents,
        payableAt: c.payable ? now : null,
        reverses: null,
      });
    this.entries = this.entries.map((e) =>
      change.madePayable.includes(e.uuid) && e.payableAt === null ? { ...e, payableAt: now } : e,
    );
    return change.reversals.length + change.credits.length + change.madePayable.length;
  }

  payout(cents: number): void {
    this.push({
      kind: 'PAYOUT',
      product: null,
      amountCents: -cents,
      payableAt: new Date(++this.clock),
      reverses: null,
    });
  }

  private push(entry: Omit<LedgerEntry, 'uuid'>): void {
    this.entries.push({ ...entry, uuid: `e${++this.next}` });
  }
}

describe('depositor ledger properties', () => {
  it('for any sequence of sales, payments, returns and payouts, the entries sum to the balance to the cent', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { maxLength: 60 }), (steps) => {
        const ledger = new Ledger();
        const products = Array.from({ length: 4 }, () => ({
          saleStatus: 'ONLINE' as string,
          shareCents: 3_200,
        }));
        let paidOut = 0;
        for (const step of steps) {
          if (step.kind === 'payout') {
            ledger.payout(step.cents);
            paidOut += step.cents;
            continue;
          }
          const product = products[step.product]!;
          if (step.kind === 'status') product.saleStatus = step.status;
          // An invoiced product's price no longer changes.
          else if (product.saleStatus !== 'FACTURED') product.shareCents = step.shareCents;
          ledger.apply(`p${step.product}`, product);

          // Idempotent: the same change again writes nothing.
          expect(ledger.apply(`p${step.product}`, product)).toBe(0);
        }

        const totals = ledgerTotals(ledger.entries);
        const sum = ledger.entries.reduce((s, e) => s + e.amountCents, 0);
        expect(totals.balanceCents).toBe(sum);
        expect(Number.isInteger(totals.balanceCents)).toBe(true);

        // What is owed is exactly the live credits less the payouts, one credit per sold item.
        let owed = 0 - paidOut;
        let payable = 0 - paidOut;
        products.forEach((p, i) => {
          const live = liveCredits(ledger.entries.filter((e) => e.product === `p${i}`));
          expect(live.length).toBeLessThanOrEqual(1);
          if (p.saleStatus === 'SELL' || p.saleStatus === 'PAYED')
            expect(live.map((c) => c.amountCents)).toEqual(p.shareCents > 0 ? [p.shareCents] : []);
          if (p.saleStatus === 'PAYED') expect(live.every((c) => c.payableAt !== null)).toBe(true);
          if (!['SELL', 'PAYED', 'FACTURED'].includes(p.saleStatus)) expect(live).toEqual([]);
          for (const c of live) {
            owed += c.amountCents;
            if (c.payableAt !== null) payable += c.amountCents;
          }
        });
        expect(totals.balanceCents).toBe(owed);
        expect(totals.payableCents).toBe(payable);
        // A reversal is payable exactly when the credit it reverses is.
        for (const r of ledger.entries.filter((e) => e.kind === 'SALE_REVERSAL')) {
          const credit = ledger.entries.find((e) => e.uuid === r.reverses);
          expect(r.amountCents).toBe(-(credit?.amountCents ?? 0));
          expect(r.payableAt !== null).toBe(credit?.payableAt !== null);
        }
      }),
      { numRuns: 300 },
    );
  });
});
