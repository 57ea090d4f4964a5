import { Code, type HandlerContext } from '@connectrpc/connect';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import {
  UserType,
  type ChooseUserTypeRequest,
  type GetCurrentUserResponse,
} from '../../../src/rpc/gen/seconde/v1/session_pb.ts';
import { insertRow, requireCaller } from '../../crud/crudService.ts';
import { callerKey, makeCaller, type Caller } from '../../rpc/caller.ts';
import { fail, fromDatabaseError, reasonOf } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { sessionHandlers } from '../sessionService.ts';
import { linkedRecords } from '../../db/linkedRecords.ts';

const alreadyChosen = () =>
  fail(
    Code.FailedPrecondition,
    'USER_TYPE_ALREADY_CHOSEN',
    'This identity already has a vendor or customer record',
  );

/** What every new record takes from the verified identity, never from the request. */
function identityColumns(caller: Caller, now: Date) {
  const email = caller.email.trim().toLowerCase();
  return {
    identity_user_uuid: caller.sub,
    first_name: caller.givenName || null,
    last_name: caller.familyName || null,
    email: email || null,
    // Accepting the legal terms is asked by the legal-terms dialog; the onboarding starts on the
    // first saved answer.
    created_at: now,
    updated_at: now,
  };
}

async function createVendor(trx: Kysely<Database>, caller: Caller, now: Date): Promise<void> {
  const row = identityColumns(caller, now);
  if (row.email) {
    const taken = await trx
      .selectFrom('vendor')
      .select('uuid')
      .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', row.email))
      .executeTakeFirst();
    if (taken)
      throw fail(Code.AlreadyExists, 'VENDOR_EMAIL_TAKEN', 'A vendor already uses this e-mail');
  }
  // The 14-day extension free trial starts with the vendor account (1-app-shell.md §4).
  await insertRow(trx, 'vendor', {
    ...row,
    extension_free_trial_start_datetime: now,
    is_on_trial_period: true,
  });
}

async function createCustomer(trx: Kysely<Database>, caller: Caller, now: Date): Promise<void> {
  await insertRow(trx, 'customer', { ...identityColumns(caller, now), vendors: [] });
}

/**
 * SessionService.ChooseUserType: an identity without a record creates its own vendor or customer
 * record, linked to its subject, named after the verified identity. The record then counts as the
 * group (server/rpc/caller.ts), so the answer is the caller as the next GetCurrentUser sees them.
 */
export function chooseUserTypeHandler({ db, clock }: ServiceDeps) {
  const session = sessionHandlers(db);
  return async (
    req: ChooseUserTypeRequest,
    ctx: HandlerContext,
  ): Promise<GetCurrentUserResponse> => {
    const caller = requireCaller(ctx);
    if (caller.vendorUuid || caller.customerUuid) throw alreadyChosen();
    if (req.userType !== UserType.VENDOR && req.userType !== UserType.CUSTOMER)
      throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Choose vendor or customer');
    const now = clock();
    try {
      await db.transaction().execute(async (trx) => {
        // Both lookups again inside the transaction: two tabs choosing at once make one record.
        const existing = await linkedRecords(trx, caller.sub);
        if (existing.vendor || existing.customer) throw alreadyChosen();
        if (req.userType === UserType.VENDOR) await createVendor(trx, caller, now);
        else await createCustomer(trx, caller, now);
      });
    } catch (error) {
      const mapped = fromDatabaseError(error);
      // A unique identity link lost to a concurrent choice.
      throw reasonOf(mapped) === 'DUPLICATE' ? alreadyChosen() : mapped;
    }
    const records = await linkedRecords(db, caller.sub);
    const linked = makeCaller(caller, {
      vendorUuid: records.vendor,
      customerUuid: records.customer,
    });
    ctx.values.set(callerKey, linked);
    return session.getCurrentUser({}, ctx);
  };
}
