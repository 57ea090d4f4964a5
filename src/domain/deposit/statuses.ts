/**
 * Deposit and product statuses as the database and the rules name them (the contract's enum value
 * names without their prefix), in the order of 2-business-data.md §4. Pure data: the browser and
 * the server both read it.
 */
export const DEPOSIT_STATUSES = [
  'DRAFT',
  'WAITING_FOR_VENDOR',
  'CUSTOMER_PREPARING',
  'WAITING_FOR_SENDING',
  'SEND',
  'RECEIVED',
  'TODO',
  'PROGRESS',
  'CUSTOMER_WAITING',
  'DEPOSIT_VALIDATED',
  'INLINE',
  'RESTITUED',
  'ABANDONED',
  'CANCELED',
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Steps a deposit may not skip on its way forward. */
export const REQUIRED_STEPS: readonly DepositStatus[] = [
  'RECEIVED',
  'PROGRESS',
  'CUSTOMER_WAITING',
  'INLINE',
];

/** Where a deposit's life ends; nothing moves out of them. */
export const FINAL_STATUSES: readonly DepositStatus[] = ['RESTITUED', 'ABANDONED', 'CANCELED'];

/** The working steps, DRAFT to INLINE, along which a deposit moves forwards and backwards. */
export const WORKING_STATUSES: readonly DepositStatus[] = DEPOSIT_STATUSES.slice(0, 11);

/** Statuses whose inventory is validated, so products may be put online. */
export const INVENTORY_VALIDATED_STATUSES: readonly DepositStatus[] = [
  'DEPOSIT_VALIDATED',
  'INLINE',
];

/** The default deposit list leaves these out; the second list also leaves RESTITUED out. */
export const DEFAULT_LIST_EXCLUDED: readonly DepositStatus[] = ['ABANDONED', 'CANCELED'];
export const ACTIVE_LIST_EXCLUDED: readonly DepositStatus[] = [
  'ABANDONED',
  'CANCELED',
  'RESTITUED',
];

export const SALE_STATUSES = [
  'FACTURED',
  'PAYED',
  'SELL',
  'ONLINE',
  'READY',
  'OFFLINE',
  'RESERVED',
  'REFUSED',
  'RESTITUED',
] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];

/** A sale that happened: the deposit can no longer go back, nor be abandoned. */
export const SOLD_STATUSES: readonly SaleStatus[] = ['SELL', 'PAYED', 'FACTURED'];
/** Sold and waiting for the invoice; only an INLINE deposit may hold them. */
export const SOLD_NOT_INVOICED_STATUSES: readonly SaleStatus[] = ['SELL', 'PAYED'];

export function isDepositStatus(value: unknown): value is DepositStatus {
  return typeof value === 'string' && (DEPOSIT_STATUSES as readonly string[]).includes(value);
}

export function isSaleStatus(value: unknown): value is SaleStatus {
  return typeof value === 'string' && (SALE_STATUSES as readonly string[]).includes(value);
}

export function statusIndex(status: DepositStatus): number {
  return DEPOSIT_STATUSES.indexOf(status);
}

/** How many products of a deposit are in each sale status (missing means none). */
export type SaleStatusCounts = Partial<Record<SaleStatus, number>>;

export function countOf(counts: SaleStatusCounts, statuses: readonly SaleStatus[]): number {
  return statuses.reduce((sum, s) => sum + (counts[s] ?? 0), 0);
}

export function countSaleStatuses(statuses: Iterable<SaleStatus>): SaleStatusCounts {
  const counts: SaleStatusCounts = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
}
