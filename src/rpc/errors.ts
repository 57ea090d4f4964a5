import { Code, ConnectError } from '@connectrpc/connect';

/**
 * What the app knows about a failed call, whatever layer it came from. Machines keep `code`,
 * views translate `i18nKey`; nobody else looks at a ConnectError.
 */
export const APP_ERROR_CODES = [
  'cancelled',
  'unauthenticated',
  'forbidden',
  'subscriptionUpdateNeeded',
  'notFound',
  'invalidRequest',
  'duplicate',
  'changedBySomeoneElse',
  'unavailable',
  'timeout',
  'tooManyRequests',
  'notImplemented',
  'unexpected',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export interface AppError {
  readonly code: AppErrorCode;
  /** Trying the same call again later may succeed (network, overload, timeout). */
  readonly retryable: boolean;
  /** Translation key of the text shown to the user. */
  readonly i18nKey: string;
  /** Stable reason sent by the server in the JSON message (`FORBIDDEN`, `SUBSCRIPTION_UPDATE_NEEDED`...). */
  readonly reason?: string;
  /** Human text carried by the error, kept for display where the spec asks for it. */
  readonly message?: string;
  /** The request field the server refused (`deposit.name`), with the FIELD_INVALID reason. */
  readonly field?: string;
  /** Cancellations (navigation, unmount, superseded search) are never shown to the user. */
  readonly silent: boolean;
}

/** The reason the subscription gate switches on (1-app-shell.md §8). */
export const SUBSCRIPTION_UPDATE_NEEDED = 'SUBSCRIPTION_UPDATE_NEEDED';

/**
 * Reasons with a text of their own, more precise than their code's: a value outside the contracts'
 * limits (the server names the field), a request body the server could not read.
 */
export const REASON_I18N_KEYS: Readonly<Record<string, string>> = {
  FIELD_INVALID: 'errors.fieldInvalid',
  REQUEST_UNREADABLE: 'errors.requestUnreadable',
  UNKNOWN_REFERENCE: 'errors.unknownReference',
  // The payment provider unreachable or too slow (nothing written), or not set up.
  PAYMENT_PROVIDER_UNAVAILABLE: 'billing.providerUnavailable',
  PAYMENT_PROVIDER_NOT_CONFIGURED: 'billing.providerNotConfigured',
  PRODUCT_LIMIT_REACHED: 'billing.productLimitReached',
  COUPON_UNKNOWN: 'billing.couponUnknown',
  COUPON_EXPIRED: 'billing.couponExpired',
  // Payment processes (server/services/billing/paymentProcesses.ts).
  PAYMENT_AMOUNT_INVALID: 'payments.reasonAmountInvalid',
  PAYMENT_PROVIDER_REFUSED: 'payments.reasonProviderRefused',
  PAYMENT_ALREADY_SETTLED: 'payments.reasonAlreadySettled',
  // The company rules (src/domain/company): each names its field.
  COMPANY_TITLE_REQUIRED: 'company.errorCompanyTitleRequired',
  SIRET_INVALID: 'company.errorSiretInvalid',
  WEBSITE_INVALID: 'company.errorWebsiteInvalid',
  PERCENTAGE_INVALID: 'company.errorPercentageInvalid',
  ALREADY_IN_COMPANY: 'company.errorAlreadyInCompany',
  PROOF_FILE_TYPE: 'company.errorProofFileType',
  PROOF_FILE_SIZE: 'company.errorProofFileSize',
  PROOF_NOT_UPLOADED: 'company.errorProofNotUploaded',
  // Invoicing refusals (src/domain/invoices/invoiceRules.ts).
  INVOICE_PERIOD_INVALID: 'invoicing.reasonInvoicePeriodInvalid',
  INVOICE_STATUS_BACKWARDS: 'invoicing.reasonInvoiceStatusBackwards',
  INVOICE_CONFIRMATION_STAFF_ONLY: 'invoicing.reasonInvoiceConfirmationStaffOnly',
  INVOICE_NOT_SOLD: 'invoicing.reasonInvoiceNotSold',
  INVOICE_BUYER_REQUIRED: 'invoicing.reasonInvoiceBuyerRequired',
  INVOICE_HAS_NO_DOCUMENT: 'invoicing.reasonInvoiceHasNoDocument',
  CREDIT_NOTE_OF_CREDIT_NOTE: 'invoicing.reasonCreditNoteOfCreditNote',
  CREDIT_NOTE_EXCEEDS_INVOICE: 'invoicing.reasonCreditNoteExceedsInvoice',
  CREDIT_NOTE_ISSUER_ONLY: 'invoicing.reasonCreditNoteIssuerOnly',
  // A pasted buyer text that is empty or holds no buyer (src/domain/buyers/pastedBuyer.ts).
  BUYER_TEXT_EMPTY: 'buyers.reasonTextEmpty',
  BUYER_TEXT_UNREADABLE: 'buyers.reasonTextUnreadable',
  // A sponsor code refused during onboarding (src/domain/referral/sponsorCode.ts).
  SPONSOR_CODE_EMPTY: 'referral.reasonSponsorCodeEmpty',
  SPONSOR_CODE_UNKNOWN: 'referral.reasonSponsorCodeUnknown',
  SPONSOR_CODE_OWN: 'referral.reasonSponsorCodeOwn',
  SPONSOR_CODE_MUTUAL: 'referral.reasonSponsorCodeMutual',
  ALREADY_SPONSORED: 'referral.reasonAlreadySponsored',
  REFERRAL_TOO_LATE: 'referral.reasonReferralTooLate',
  REFERRAL_VENDORS_ONLY: 'referral.reasonReferralVendorsOnly',
  // Marketplace transactions (src/domain/marketplaceTransactions/reasons.ts).
  CSV_FILE_EMPTY: 'transactions.reasonFileEmpty',
  CSV_COLUMNS_MISSING: 'transactions.reasonColumnsMissing',
  MARKETPLACE_PROFILE_MISSING: 'transactions.reasonProfileMissing',
  MARKETPLACE_UNAVAILABLE: 'transactions.reasonMarketplaceUnavailable',
  MARKETPLACE_ANSWER_INVALID: 'transactions.reasonMarketplaceAnswerInvalid',
};

/** Every key the funnel can hand out; the i18n test checks each exists in both languages. */
export function errorI18nKey<C extends string>(code: C): `errors.${C}` {
  return `errors.${code}`;
}

const BY_CODE: Readonly<Record<Code, { code: AppErrorCode; retryable: boolean }>> = {
  [Code.Canceled]: { code: 'cancelled', retryable: false },
  [Code.Unknown]: { code: 'unexpected', retryable: false },
  [Code.InvalidArgument]: { code: 'invalidRequest', retryable: false },
  [Code.DeadlineExceeded]: { code: 'timeout', retryable: true },
  [Code.NotFound]: { code: 'notFound', retryable: false },
  [Code.AlreadyExists]: { code: 'duplicate', retryable: false },
  [Code.PermissionDenied]: { code: 'forbidden', retryable: false },
  [Code.ResourceExhausted]: { code: 'tooManyRequests', retryable: true },
  [Code.FailedPrecondition]: { code: 'invalidRequest', retryable: false },
  [Code.Aborted]: { code: 'changedBySomeoneElse', retryable: false },
  [Code.OutOfRange]: { code: 'invalidRequest', retryable: false },
  [Code.Unimplemented]: { code: 'notImplemented', retryable: false },
  [Code.Internal]: { code: 'unexpected', retryable: false },
  [Code.Unavailable]: { code: 'unavailable', retryable: true },
  [Code.DataLoss]: { code: 'unexpected', retryable: false },
  [Code.Unauthenticated]: { code: 'unauthenticated', retryable: false },
};

/**
 * Reads the server's `{"code": REASON, "message": ...}` out of a raw message. Proxies sometimes
 * wrap it in text, so the outermost braces are tried too.
 */
export function parseReason(rawMessage: string): {
  reason?: string;
  message?: string;
  field?: string;
} {
  const candidates = [rawMessage];
  const start = rawMessage.indexOf('{');
  const end = rawMessage.lastIndexOf('}');
  if (start > 0 && end > start) candidates.push(rawMessage.slice(start, end + 1));
  for (const candidate of candidates) {
    try {
      const parsed: unknown = JSON.parse(candidate);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const { code, message, field } = parsed as Record<string, unknown>;
        return {
          reason: typeof code === 'string' ? code : undefined,
          message: typeof message === 'string' ? message : undefined,
          ...(typeof field === 'string' && { field }),
        };
      }
    } catch {
      // Not JSON: plain text from a proxy or an older server.
    }
  }
  return {};
}

/** A fetch that never reached the server (offline, DNS, CORS) surfaces as a TypeError. */
function isNetworkFailure(error: ConnectError): boolean {
  return error.code === Code.Unknown && error.cause instanceof TypeError;
}

/**
 * The one funnel from any thrown value to an AppError. Unknown throwables (a bug, a broken
 * proxy) become `unexpected` rather than leaking their text to the user; aborted fetches become
 * silent cancellations.
 */
export function toAppError(error: unknown): AppError {
  const connectError = ConnectError.from(error);
  const { reason, message, field } = parseReason(connectError.rawMessage);
  const mapped =
    reason === SUBSCRIPTION_UPDATE_NEEDED
      ? ({ code: 'subscriptionUpdateNeeded', retryable: false } as const)
      : isNetworkFailure(connectError)
        ? ({ code: 'unavailable', retryable: true } as const)
        : BY_CODE[connectError.code];
  const appError: AppError = {
    code: mapped.code,
    retryable: mapped.retryable,
    i18nKey:
      (reason !== undefined && Object.hasOwn(REASON_I18N_KEYS, reason)
        ? REASON_I18N_KEYS[reason]
        : undefined) ?? errorI18nKey(mapped.code),
    silent: mapped.code === 'cancelled',
  };
  return {
    ...appError,
    ...(reason !== undefined && { reason }),
    ...(message !== undefined && { message }),
    ...(field !== undefined && { field }),
  };
}
