/**
 * Why a batch download is refused: the task still runs, it ended in error, or its PDF is past
 * the days it is kept.
 */
export const LABEL_BATCH_REASONS = [
  'LABEL_BATCH_NOT_READY',
  'LABEL_BATCH_FAILED',
  'LABEL_BATCH_EXPIRED',
] as const;
export type LabelBatchReason = (typeof LABEL_BATCH_REASONS)[number];

/**
 * Why an item is left out of a batch of labels: it has no label, its label was cancelled or its
 * parcel ended (expired, failed, returned), or the carrier did not give the label's PDF.
 */
export const BATCH_SKIP_REASONS = [
  'NO_LABEL',
  'LABEL_CANCELED',
  'LABEL_ENDED',
  'CARRIER_REFUSED',
  'CARRIER_UNAVAILABLE',
] as const;
export type BatchSkipReason = (typeof BATCH_SKIP_REASONS)[number];

/** Most items one batch prints (the contract's limit on the request). */
export const MAX_BATCH_ITEMS = 500;

/** Days a finished batch's PDF is kept, from the task's end: downloaded again until then. */
export const LABEL_BATCH_KEPT_DAYS = 30;

/** Until when a batch that ended at `endedAt` may be downloaded again. */
export const batchKeptUntil = (endedAt: Date): Date =>
  new Date(endedAt.getTime() + LABEL_BATCH_KEPT_DAYS * 86_400_000);
