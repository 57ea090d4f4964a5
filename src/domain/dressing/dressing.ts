/**
 * The depositor's dressing (docs/decisions.md, "The depositor's dressing"): which steps of its life
 * an item has reached and when, from the dates the other areas already record. Pure: the server
 * derives each item's timeline with it, and the screens order and name the same steps.
 */

/** An item's steps, in the order they happen. */
export const DRESSING_STEPS = [
  'RECEIVED',
  'PHOTOGRAPHED',
  'ONLINE',
  'RESERVED',
  'SOLD',
  'SHIPPED',
  'PAID_OUT',
] as const;
export type DressingStep = (typeof DRESSING_STEPS)[number];

/** Deposit statuses from which the vendor holds the items. */
const HELD = new Set([
  'RECEIVED',
  'TODO',
  'PROGRESS',
  'CUSTOMER_WAITING',
  'DEPOSIT_VALIDATED',
  'INLINE',
  'RESTITUED',
]);
/** Sale statuses of a sale that stands. */
const SOLD = new Set(['SELL', 'PAYED', 'FACTURED']);

/** What the server reads for one item; every date may be missing. */
export interface ItemFacts {
  readonly saleStatus: string | null;
  readonly depositStatus: string | null;
  /** The item's police register entry (written when the vendor received it). */
  readonly registeredAt: Date | null;
  /** When the item was entered in the vendor's stock. */
  readonly stockEntryAt: Date | null;
  readonly createdAt: Date | null;
  /** Its first photo. */
  readonly photographedAt: Date | null;
  /** When it was put online, or first listed on a channel. */
  readonly onlineAt: Date | null;
  readonly firstListedAt: Date | null;
  /** The last reservation, and the last release of one. */
  readonly reservedAt: Date | null;
  readonly releasedAt: Date | null;
  readonly soldAt: Date | null;
  /** The first time a parcel of it was handed to the carrier. */
  readonly shippedAt: Date | null;
  /** The payout that settled its live credit. */
  readonly paidOutAt: Date | null;
}

export interface TimelineEvent {
  readonly step: DressingStep;
  readonly at: Date;
}

const earliest = (...dates: (Date | null)[]): Date | null =>
  dates.reduce<Date | null>((a, d) => (d && (!a || d < a) ? d : a), null);

/**
 * The steps the item reached, in the order of DRESSING_STEPS. A step shows only when its fact
 * stands now: a sale taken back is no sale, a reservation released without a sale is dropped, and
 * an item of a deposit not yet received has no reception date.
 */
export function dressingTimeline(f: ItemFacts): TimelineEvent[] {
  const sold = SOLD.has(f.saleStatus ?? '');
  const received =
    f.registeredAt ?? (HELD.has(f.depositStatus ?? '') ? (f.stockEntryAt ?? f.createdAt) : null);
  const reservationStands =
    f.reservedAt !== null && (sold || f.releasedAt === null || f.releasedAt < f.reservedAt);
  const at: Record<DressingStep, Date | null> = {
    RECEIVED: received,
    PHOTOGRAPHED: f.photographedAt,
    ONLINE: earliest(f.onlineAt, f.firstListedAt),
    RESERVED: reservationStands ? f.reservedAt : null,
    SOLD: sold ? f.soldAt : null,
    SHIPPED: f.shippedAt,
    PAID_OUT: f.paidOutAt,
  };
  return DRESSING_STEPS.flatMap((step) => {
    const date = at[step];
    return date ? [{ step, at: date }] : [];
  });
}
