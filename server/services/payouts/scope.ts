import { Code } from '@connectrpc/connect';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { isDayValue } from '../../../src/domain/dates.ts';
import { parisDay } from '../../../src/domain/calendar.ts';
import { refuse } from './refusals.ts';

/**
 * The vendor a payout call acts for: a vendor always themself (naming another is FORBIDDEN, and the
 * authorisation table refuses it first), staff the vendor they name.
 */
export function payingVendor(caller: Caller, named: string): string {
  if (caller.vendorUuid && !caller.isAdminLevel) {
    if (named && named !== caller.vendorUuid)
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'You pay your own depositors only');
    return caller.vendorUuid;
  }
  if (caller.isAdminLevel) {
    if (named) return named;
    if (caller.vendorUuid) return caller.vendorUuid;
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Name the vendor who pays');
  }
  throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only vendors and staff pay depositors');
}

/** A request's day (YYYY-MM-DD), today in Paris when empty; a day that does not exist is refused. */
export function dayOf(value: string, now: Date, field: string): string {
  if (value === '') return parisDay(now);
  if (!isDayValue(value))
    throw refuse('PAYOUT_DATE_INVALID', `${field} is not a day`, field, Code.InvalidArgument);
  return value;
}
