/**
 * A customer's rights over their data (GDPR art. 15, 17, 20): what erasure masks and what it
 * keeps, by area, named once for the server's answer and the screen's texts.
 */

/** Areas erasure masks: the record, its sign-in link, copies on deposits, buyers, mails, tickets. */
export const ERASURE_MASKED = [
  'CUSTOMER',
  'SIGN_IN',
  'DEPOSITS',
  'BUYERS',
  'MAILS',
  'SUPPORT_TICKETS',
] as const;

/** Records kept as written, each with the rule that requires keeping them. */
export const ERASURE_KEPT = [
  { kind: 'INVOICES', reason: 'ACCOUNTING_RECORDS' },
  { kind: 'PAYOUTS', reason: 'ACCOUNTING_RECORDS' },
  { kind: 'LEDGER', reason: 'ACCOUNTING_RECORDS' },
  { kind: 'POLICE_REGISTER', reason: 'POLICE_REGISTER' },
] as const;

/** Erasure waits while a deposit is open or money is still owed to the customer. */
export type PersonalDataReason = 'ERASURE_CONTRACT_OPEN';
