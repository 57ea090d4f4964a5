/** Why a batch download is refused: the task still runs, or it ended in error. */
export const LABEL_BATCH_REASONS = ['LABEL_BATCH_NOT_READY', 'LABEL_BATCH_FAILED'] as const;
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
