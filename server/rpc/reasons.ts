import { Code, ConnectError } from '@connectrpc/connect';
import type { CompanyReason } from '../../src/domain/company/companyRules.ts';
import type { ProofReason } from '../../src/domain/company/proofFile.ts';
import type { RuleCode } from '../../src/domain/deposit/rules.ts';
import type { WantDepositRefusalName } from '../../src/domain/deposit/wantDeposit.ts';
import type { PastedBuyerReason } from '../../src/domain/buyers/pastedBuyer.ts';
import type { InvoiceReason } from '../../src/domain/invoices/invoiceRules.ts';
import type { Dac7Reason } from '../../src/domain/dac7/dac7Rules.ts';
import type { PersonalDataReason } from '../../src/domain/personalData/personalData.ts';
import type { ShippingReason } from '../../src/domain/shipping/deliveryServices.ts';
import type { LabelBatchReason } from '../../src/domain/shipping/labelBatch.ts';
import type { ReturnLabelReason } from '../../src/domain/shipping/returnLabels.ts';
import type { ReferralReason } from '../../src/domain/referral/sponsorCode.ts';
import type { TransactionReason } from '../../src/domain/marketplaceTransactions/reasons.ts';

/**
 * Stable, machine-readable reasons the client switches on. They travel as the JSON text of the
 * Connect error message (`{"code": REASON, "message": ...}`), which is what the client error funnel
 * parses (SUBSCRIPTION_UPDATE_NEEDED among them), so every client sees the same shape.
 */
export type Reason =
  | 'UNAUTHENTICATED'
  | 'TOKEN_INVALID'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CHANGED_BY_SOMEONE_ELSE'
  | 'DUPLICATE'
  | 'UNKNOWN_REFERENCE'
  | 'IN_USE'
  | 'INVALID_ARGUMENT'
  | 'INVALID_FILTERS'
  | 'INVALID_ORDERING'
  | 'INVALID_FIELD_MASK'
  | 'UNRECOGNIZED_USER'
  | 'SUBSCRIPTION_UPDATE_NEEDED'
  // Refusals of the deposit rule engine (src/domain/deposit/rules.ts).
  | RuleCode
  // Deposit requests: why a vendor may not take a deposit (src/domain/deposit/wantDeposit.ts),
  // a deposit no longer open, and the people calls' refusals.
  | WantDepositRefusalName
  | 'DEPOSIT_NOT_AVAILABLE'
  | 'CUSTOMER_ALREADY_EXISTS'
  | 'VENDOR_EMAIL_TAKEN'
  | 'UNSUPPORTED_FILE_FORMAT'
  // Deposit calls (2-business-data.md §5, §8).
  | 'DEPOSIT_NAME_EXISTS'
  | 'CUSTOMER_FAMILY_SAME_DAY'
  | 'DEPOSIT_HAS_SALES'
  | 'VENDOR_HAS_NO_EMAIL'
  // Support tickets: staff without a vendor or customer record cannot open one; a closed ticket
  // takes no more answers from its author.
  | 'NO_OWN_RECORD'
  | 'TICKET_CLOSED'
  // Subscription: TerminateTrial for a vendor who is not on trial.
  | 'NOT_ON_TRIAL'
  // Payment provider: none configured, unreachable or too slow (nothing written, try again), a
  // plan not sold, a checkout session not the caller's.
  | 'PAYMENT_PROVIDER_NOT_CONFIGURED'
  | 'PAYMENT_PROVIDER_UNAVAILABLE'
  | 'UNKNOWN_PLAN'
  // A promotion code typed at checkout: unknown at the provider, or no longer redeemable.
  | 'COUPON_UNKNOWN'
  | 'COUPON_EXPIRED'
  // Payment processes: an amount not a positive number of cents, a checkout the provider refused,
  // a payment already paid, canceled or refunded.
  | 'PAYMENT_AMOUNT_INVALID'
  | 'PAYMENT_PROVIDER_REFUSED'
  | 'PAYMENT_ALREADY_SETTLED'
  // Products: the plan's product limit is reached (subscriptionProductLimit).
  | 'PRODUCT_LIMIT_REACHED'
  // Shipping (src/domain/shipping/deliveryServices.ts).
  | ShippingReason
  | LabelBatchReason
  | ReturnLabelReason
  // Sponsor codes typed during onboarding (src/domain/referral/sponsorCode.ts).
  | ReferralReason
  // Onboarding: the user type is chosen once; completing needs every required answer.
  | 'USER_TYPE_ALREADY_CHOSEN'
  | 'ONBOARDING_INCOMPLETE'
  // Streams and background tasks (exports, imports): a resume cursor that does not parse, a task
  // still running when the panel is cleared, a sheet refused before any row is written, a
  // resale-marketplace profile address we cannot read.
  | 'INVALID_CURSOR'
  | 'TASKS_STILL_RUNNING'
  | 'SHEET_INVALID'
  | 'PROFILE_URL_INVALID'
  // Photos: not an image by its content, unreadable, over the size or pixel limits.
  | 'IMAGE_NOT_AN_IMAGE'
  | 'IMAGE_CORRUPT'
  | 'IMAGE_TOO_LARGE'
  // Products: invoiced products never change; a title is needed for a price search; the monthly
  // generation quota; a category attribute answer that breaks its rules; no photo group left;
  // the deposit's reference range is full.
  | 'PRODUCT_INVOICED'
  | 'TITLE_REQUIRED'
  | 'QUOTA_REACHED'
  | 'CATEGORY_ATTRIBUTE_INVALID'
  | 'NO_CLUSTER_LEFT'
  | 'REFERENCE_RANGE_FULL'
  // Products: a sold (SELL) or paid (PAYED) product is not destroyed; it waits for its invoice.
  | 'PRODUCT_SOLD'
  | 'PRODUCT_PAID'
  // Publishing (2-business-data.md §5, §8): no publisher or no product chosen, incomplete products
  // (the completeness codes travel in the message), a connector not active or not authorised, a
  // channel that refused or could not be reached, an unknown publish error.
  | 'NO_PUBLISHERS'
  | 'NO_PRODUCTS'
  | 'PRODUCTS_INCOMPLETE'
  | 'CONNECTOR_INACTIVE'
  | 'CONNECTOR_NOT_CONNECTED'
  | 'CONNECTOR_UNKNOWN'
  | 'CHANNEL_REFUSED'
  | 'CHANNEL_UNAVAILABLE'
  | 'PUBLISH_UNKNOWN_ERROR'
  | 'OAUTH_STATE_INVALID'
  // Announcements: no favourite set; a placeholder the template does not know.
  | 'NO_FAVORITE_ANNOUNCEMENT'
  | 'ANNOUNCEMENT_PLACEHOLDER_UNKNOWN'
  // Storefront: the item is already reserved or no longer online; the reservation was decided.
  | 'ALREADY_RESERVED'
  | 'NOT_AVAILABLE'
  | 'RESERVATION_DECIDED'
  // Companies: a field the company rules refuse (src/domain/company/companyRules.ts); a vendor who
  // already belongs to a company creates no other.
  | CompanyReason
  | 'ALREADY_IN_COMPANY'
  // The proof of registration: not a PDF, JPEG or PNG by its first bytes; empty or over 10 MB
  // (src/domain/company/proofFile.ts); none uploaded yet.
  | ProofReason
  | 'PROOF_NOT_UPLOADED'
  // Rate slides: not exactly one owner, values outside their bounds (the field travels with it),
  // a range sharing a price with another slide of the same owner (the message names its range).
  | 'RATE_SLIDE_OWNER'
  | 'RATE_SLIDE_INVALID'
  | 'RATE_SLIDE_OVERLAP'
  // Requests refused before any handler: a value outside the contracts' limits (the field and the
  // rule travel with it, see rpc/validateInterceptor.ts), a body no message can be read from.
  // Invoices (src/domain/invoices/invoiceRules.ts): a period ending before it starts, a status
  // moved backwards or confirmed by a vendor, an item not sold, a credit note over what is left.
  | InvoiceReason
  // A pasted buyer text that is empty or holds no buyer (src/domain/buyers/pastedBuyer.ts).
  | PastedBuyerReason
  // DAC7 report (src/domain/dac7/dac7Rules.ts): a reportable seller lacks data, a bad TIN or date.
  | Dac7Reason
  // Personal data: erasure waits while a deposit is open or money is owed to the customer.
  | PersonalDataReason
  // Marketplace transactions: a CSV that is not a sales export, the marketplace unreachable.
  | TransactionReason
  | 'FIELD_INVALID'
  | 'REQUEST_UNREADABLE'
  | 'UNIMPLEMENTED';

/** Builds the ConnectError every expected failure is thrown as. */
export function fail(code: Code, reason: Reason, message: string): ConnectError {
  return new ConnectError(JSON.stringify({ code: reason, message }), code);
}

/** Reads the reason back from an error (used by tests and logging). */
export function reasonOf(error: unknown): Reason | undefined {
  if (!(error instanceof ConnectError)) return undefined;
  try {
    const parsed: unknown = JSON.parse(error.rawMessage);
    if (parsed && typeof parsed === 'object' && 'code' in parsed) {
      return (parsed as { code: Reason }).code;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Maps a PostgreSQL error to the Connect error a caller can act on; unknown errors pass through. */
export function fromDatabaseError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const detail = String((error as { detail?: unknown }).detail ?? '');
  switch (code) {
    case '23505':
      return fail(Code.AlreadyExists, 'DUPLICATE', detail || 'A similar item already exists');
    case '23503':
      // Raised on insert or update (a reference to nothing) and on delete (a row still used).
      return /still referenced/.test(detail)
        ? fail(Code.FailedPrecondition, 'IN_USE', detail)
        : fail(
            Code.InvalidArgument,
            'UNKNOWN_REFERENCE',
            detail || 'A referenced item does not exist',
          );
    case '23001':
      return fail(Code.FailedPrecondition, 'IN_USE', detail || 'This item is still used elsewhere');
    case '22P02':
    case '23502':
    case '23514':
    case '22007':
    case '22008':
    case '22003':
      return fail(Code.InvalidArgument, 'INVALID_ARGUMENT', String((error as Error).message));
    default:
      return error;
  }
}
