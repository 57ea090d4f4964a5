import { ConnectError, type Code } from '@connectrpc/connect';
import type { InvoiceReason } from '../../../src/domain/invoices/invoiceRules.ts';
import type { Reason } from '../../rpc/reasons.ts';

/**
 * A refusal naming the request field it is about, read by the client error funnel like
 * FIELD_INVALID (`field` in snake case, as the contract spells it).
 */
export function refuse(
  code: Code,
  reason: InvoiceReason | Reason,
  message: string,
  field?: string,
): ConnectError {
  return new ConnectError(JSON.stringify({ code: reason, message, ...(field && { field }) }), code);
}
