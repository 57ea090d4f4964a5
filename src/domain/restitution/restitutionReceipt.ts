import { SOLD_STATUSES, type SaleStatus } from '../deposit/statuses.ts';

/**
 * Is an item handed back when its deposit is restituted? Every item but the sold ones (sold,
 * paid, invoiced): those left with their buyer, the others go back to the depositor.
 */
export function isReturnedAtRestitution(status: SaleStatus): boolean {
  return !SOLD_STATUSES.includes(status);
}

/** How long the personal link of a receipt's mail lets the depositor accept it, in days. */
export const RECEIPT_LINK_DAYS = 30;

/** Refusals the receipt calls send, each with a text of its own (restitutionReceipt.reason*). */
export const RECEIPT_REASONS = [
  'RESTITUTION_RECEIPT_TOKEN_INVALID',
  'RESTITUTION_RECEIPT_TOKEN_EXPIRED',
  'RESTITUTION_RECEIPT_ALREADY_ACCEPTED',
  'RESTITUTION_RECEIPT_NOT_DEPOSITOR',
  'RESTITUTION_RECEIPT_PERIOD_INVALID',
] as const;
export type ReceiptReason = (typeof RECEIPT_REASONS)[number];

export const isReceiptReason = (value: unknown): value is ReceiptReason =>
  (RECEIPT_REASONS as readonly unknown[]).includes(value);
