/**
 * What a depositor is owed by a vendor, from the append-only ledger (docs/decisions.md). Pure: the
 * server decides with it which entries a sale-status change writes, and both sides compute the
 * balance and what is payable now from the entries, never from a stored total.
 *
 * - moving to a sold status (SELL, PAYED) credits the depositor's share once (SALE_CREDIT);
 * - PAYED (the buyer's payment recorded) makes the live credit payable;
 * - leaving the sold statuses for an unsold one (a return, a refund) reverses the live credit
 *   (SALE_REVERSAL, payable when the credit was);
 * - a share that changes while sold (a new sold price) reverses the credit and credits the new one;
 * - a payout debits what is payable (PAYOUT, payable from the start);
 * - FACTURED keeps whatever the product had: an invoiced product is neither credited nor reversed.
 * Amounts are signed integer cents.
 */

export const LEDGER_ENTRY_KINDS = ['SALE_CREDIT', 'SALE_REVERSAL', 'PAYOUT'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export interface LedgerEntry {
  readonly uuid: string;
  readonly kind: LedgerEntryKind;
  readonly product: string | null;
  readonly amountCents: number;
  /** When the entry became payable; null until the buyer's payment is recorded. */
  readonly payableAt: Date | null;
  /** The entry this one reverses (a SALE_REVERSAL's credit). */
  readonly reverses: string | null;
}

/** What a sale-status change writes: new entries, and credits that become payable. */
export interface LedgerChange {
  readonly credits: readonly { readonly amountCents: number; readonly payable: boolean }[];
  readonly reversals: readonly {
    readonly reverses: string;
    readonly amountCents: number;
    readonly payable: boolean;
  }[];
  readonly madePayable: readonly string[];
}

/** Sale statuses in which the depositor's share is owed. */
const CREDITED = new Set(['SELL', 'PAYED']);
/** Sale statuses in which the buyer has paid. */
const PAID = new Set(['PAYED']);
/** Statuses that leave the ledger as it is (invoiced). */
const KEPT = new Set(['FACTURED']);

/** Euros (as stored on the product) to whole cents; null, negative or not a number: 0. */
export function toCents(euros: unknown): number {
  const value = typeof euros === 'string' ? Number(euros) : euros;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return 0;
  return Math.round(value * 100);
}

/** The product's credits that no entry reverses (at most one when written through these rules). */
export function liveCredits(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const reversed = new Set(entries.flatMap((e) => (e.reverses ? [e.reverses] : [])));
  return entries.filter((e) => e.kind === 'SALE_CREDIT' && !reversed.has(e.uuid));
}

/**
 * The entries one product's ledger needs so that it matches the product's sale status and share:
 * nothing when it already does, so running it again after the same change writes nothing twice.
 */
export function ledgerChangeFor(
  product: { readonly saleStatus: string | null; readonly shareCents: number },
  entries: readonly LedgerEntry[],
): LedgerChange {
  const status = product.saleStatus ?? 'OFFLINE';
  const none: LedgerChange = { credits: [], reversals: [], madePayable: [] };
  if (KEPT.has(status)) return none;
  const live = liveCredits(entries);
  const paid = PAID.has(status);
  const wanted = CREDITED.has(status) && product.shareCents > 0 ? product.shareCents : 0;
  const keep = wanted > 0 ? live.find((c) => c.amountCents === wanted) : undefined;
  const reversals = live
    .filter((c) => c !== keep)
    .map((c) => ({ reverses: c.uuid, amountCents: -c.amountCents, payable: c.payableAt !== null }));
  const credits = wanted > 0 && !keep ? [{ amountCents: wanted, payable: paid }] : [];
  const madePayable = keep && paid && keep.payableAt === null ? [keep.uuid] : [];
  return { credits, reversals, madePayable };
}

export interface LedgerTotals {
  /** Everything owed: the sum of all entries. */
  readonly balanceCents: number;
  /** What may be paid out now: the sum of the payable entries. */
  readonly payableCents: number;
}

/** The balance and what is payable now, from the entries alone. */
export function ledgerTotals(
  entries: readonly Pick<LedgerEntry, 'amountCents' | 'payableAt'>[],
): LedgerTotals {
  let balanceCents = 0;
  let payableCents = 0;
  for (const e of entries) {
    balanceCents += e.amountCents;
    if (e.payableAt !== null) payableCents += e.amountCents;
  }
  return { balanceCents, payableCents };
}
