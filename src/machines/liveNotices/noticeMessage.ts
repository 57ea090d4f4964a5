import type { LiveNotice } from './liveNoticesMachine.ts';

/** The keys (notices area) and values a view translates one notice from. */
export interface NoticeMessage {
  readonly titleKey: string;
  readonly textKey: string;
  /** Names to put in the text; `amount` is filled by the view from `amountCents`. */
  readonly values: Readonly<Record<string, string>>;
  /** Key of a name missing from the notice, put in `values[fallbackFor]` once translated. */
  readonly fallback: { readonly name: string; readonly key: string } | null;
  readonly amountCents: number | null;
  /** The key of the payout method, put in `values.method` once translated. */
  readonly methodKey: string | null;
  readonly intent: 'success' | 'primary' | 'warning';
  /** Where the notice's action leads; null for none. */
  readonly href: string | null;
}

const METHOD_KEYS: Readonly<Record<string, string>> = {
  BANK_TRANSFER: 'notices.methodBankTransfer',
  CASH: 'notices.methodCash',
  CHEQUE: 'notices.methodCheque',
  STORE_CREDIT: 'notices.methodStoreCredit',
};

/** A name, or the key of its stand-in when the notice has none. */
function named(name: string, value: string, key: string) {
  return value.trim()
    ? { values: { [name]: value }, fallback: null }
    : { values: {}, fallback: { name, key } };
}

/**
 * What the stack shows for a notice, as keys: the text is the client's, in the reader's language,
 * built from the notice's kind and fields (the server sends no text).
 */
export function noticeMessage(notice: LiveNotice): NoticeMessage {
  const item = named('item', notice.itemName, 'notices.untitledItem');
  const base = { amountCents: null, methodKey: null, href: null };
  switch (notice.kind) {
    case 'ITEM_SOLD':
      return {
        ...base,
        ...item,
        titleKey: 'notices.itemSoldTitle',
        textKey: notice.forDepositor ? 'notices.itemSoldDepositor' : 'notices.itemSoldVendor',
        amountCents: notice.amountCents,
        intent: 'success',
        href: notice.forDepositor
          ? '/dressing'
          : notice.product
            ? `/product/${notice.product}`
            : null,
      };
    case 'ITEM_RESERVED':
      return {
        ...base,
        ...item,
        titleKey: 'notices.itemReservedTitle',
        textKey: 'notices.itemReserved',
        intent: 'primary',
        href: notice.product ? `/product/${notice.product}` : null,
      };
    case 'DEPOSIT_ASSIGNED':
      return {
        ...base,
        ...named('deposit', notice.depositName, 'notices.untitledDeposit'),
        titleKey: 'notices.depositAssignedTitle',
        textKey: 'notices.depositAssigned',
        intent: 'primary',
        href: notice.deposit ? `/deposit/${notice.deposit}` : null,
      };
    case 'PAYOUT_SENT':
      return {
        ...base,
        values: { receipt: notice.receiptNumber },
        fallback: null,
        titleKey: 'notices.payoutSentTitle',
        textKey: 'notices.payoutSent',
        amountCents: notice.amountCents,
        methodKey: METHOD_KEYS[notice.payoutMethod] ?? null,
        intent: 'success',
      };
    case 'TASK_FINISHED':
      return {
        ...base,
        ...named('task', notice.taskLabel, 'notices.untitledTask'),
        titleKey: notice.taskFailed ? 'notices.taskFailedTitle' : 'notices.taskDoneTitle',
        textKey: notice.taskFailed ? 'notices.taskFailed' : 'notices.taskDone',
        intent: notice.taskFailed ? 'warning' : 'success',
      };
  }
}
