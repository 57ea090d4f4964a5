import { Code, ConnectError } from '@connectrpc/connect';
import type { PayoutReason } from '../../../src/domain/bank/payoutRules.ts';

/**
 * A payout refusal: the stable reason the client translates, a text for logs, and the request
 * field it is about when there is one (read by the client error funnel like FIELD_INVALID).
 */
export function refuse(
  reason: PayoutReason,
  message: string,
  field?: string,
  code: Code = Code.FailedPrecondition,
): ConnectError {
  return new ConnectError(
    JSON.stringify(field ? { code: reason, message, field } : { code: reason, message }),
    code,
  );
}
