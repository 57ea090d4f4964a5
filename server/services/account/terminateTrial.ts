import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { FREE_TRIAL_DAYS, isInTrial } from '../../../src/domain/subscriptionAccess.ts';
import {
  SubscriptionSchema,
  type Subscription,
  type TerminateTrialRequest,
} from '../../../src/rpc/gen/seconde/v1/subscription_pb.ts';
import { mapDatabaseErrors, requireCaller, requireUuid } from '../../crud/crudService.ts';
import { rowToMessage } from '../../crud/rowMapping.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import { paymentProviderOf, providerRefusal, requireProvider } from '../billing/paymentProvider.ts';

type Row = Record<string, unknown>;
const DAY_MS = 86_400_000;

/**
 * The vendor whose trial ends: the owner of the named subscription, or the caller's own vendor
 * record when no uuid is given. Only that vendor or admin-level staff may end it.
 */
async function lockTarget(
  trx: Kysely<Database>,
  caller: Caller,
  uuid: string,
): Promise<{ vendor: Row; subscription: Row | null }> {
  let vendorUuid = caller.vendorUuid;
  let subscription: Row | null = null;
  if (uuid) {
    requireUuid(uuid);
    const found = await sql<Row>`
      select * from subscription where uuid = ${uuid} for update`.execute(trx);
    subscription = found.rows[0] ?? null;
    if (!subscription) throw fail(Code.NotFound, 'NOT_FOUND', 'Subscription not found');
    vendorUuid = subscription.vendor as string | null;
  }
  if (!vendorUuid)
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'Say which subscription ends its trial');
  if (!caller.isAdminLevel && vendorUuid !== caller.vendorUuid)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only its vendor may end this trial');
  const vendors = await sql<Row>`
    select * from vendor where uuid = ${vendorUuid} for update`.execute(trx);
  const vendor = vendors.rows[0];
  if (!vendor) throw fail(Code.NotFound, 'NOT_FOUND', 'Vendor not found');
  if (!uuid && vendor.subscription) {
    const own = await sql<Row>`
      select * from subscription where uuid = ${vendor.subscription as string} for update`.execute(
      trx,
    );
    subscription = own.rows[0] ?? null;
  }
  return { vendor, subscription };
}

/**
 * A trialing subscription held at the payment provider: its trial ends there (`trial_end=now`),
 * before anything is written here; the provider charges the card and its signed webhook sets the
 * status. A provider that cannot be reached leaves everything as it was.
 */
async function endTrialAtProvider(deps: ServiceDeps, caller: Caller, uuid: string): Promise<void> {
  const found = await sql<{ payment_provider_id: string | null; status: string | null }>`
    select s.payment_provider_id, s.status::text as status from subscription s
    where s.provider_event_at is not null
      and (${caller.isAdminLevel} or s.vendor = ${caller.vendorUuid}) and (
      (${uuid} <> '' and s.uuid::text = ${uuid}) or
      (${uuid} = '' and s.uuid = (select subscription from vendor where uuid = ${caller.vendorUuid})))`.execute(
    deps.db,
  );
  const sub = found.rows[0];
  if (!sub?.payment_provider_id || sub.status !== 'TRIALING') return;
  try {
    await requireProvider(paymentProviderOf(deps)).stripe.subscriptions.update(
      sub.payment_provider_id,
      { trial_end: 'now' },
    );
  } catch (error) {
    const code = providerRefusal(error);
    throw fail(Code.FailedPrecondition, 'NOT_ON_TRIAL', `The payment provider refused: ${code}`);
  }
}

/**
 * SubscriptionService.TerminateTrial: the vendor ends their trial now, to start paying and use
 * what only paid plans may. A subscription held at the payment provider ends its trial there
 * first (its status then comes from the provider's webhook). In one transaction, bumping each row
 * version: the extension trial's start moves back so that its 14 days end now,
 * `is_on_trial_period` goes false, and a TRIALING subscription the provider does not hold (demo
 * rows) becomes ACTIVE. Anything else is refused: there is no trial to end.
 */
export function terminateTrialHandlers(deps: ServiceDeps) {
  const { db, clock } = deps;
  return {
    async terminateTrial(req: TerminateTrialRequest, ctx: HandlerContext): Promise<Subscription> {
      const caller = requireCaller(ctx);
      if (!caller.isAdminLevel && !caller.vendorUuid)
        throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only vendors have a trial');
      if (req.uuid) requireUuid(req.uuid);
      await endTrialAtProvider(deps, caller, req.uuid);
      const columns = await tableColumns(db, 'subscription');
      const now = clock();
      const row = await mapDatabaseErrors(() =>
        db.transaction().execute(async (trx) => {
          const { vendor, subscription } = await lockTarget(trx, caller, req.uuid);
          const trialStart = vendor.extension_free_trial_start_datetime as Date | null;
          const inExtensionTrial = isInTrial({ trialStart }, now);
          const trialing = subscription?.status === 'TRIALING';
          const atProvider = subscription?.provider_event_at != null;
          if (!inExtensionTrial && !trialing && vendor.is_on_trial_period !== true)
            throw fail(Code.FailedPrecondition, 'NOT_ON_TRIAL', 'There is no trial to end');
          const start = inExtensionTrial
            ? new Date(now.getTime() - FREE_TRIAL_DAYS * DAY_MS)
            : trialStart;
          await sql`
            update vendor set extension_free_trial_start_datetime = ${start},
              is_on_trial_period = false, updated_at = ${now}, row_version = row_version + 1
            where uuid = ${vendor.uuid as string}`.execute(trx);
          if (!subscription) return null;
          const updated = await sql<Row>`
            update subscription set
              status = case when status = 'TRIALING' and not ${atProvider} then 'ACTIVE'
                else status end,
              updated_at = ${now}, row_version = row_version + 1
            where uuid = ${subscription.uuid as string} returning *`.execute(trx);
          return updated.rows[0]!;
        }),
      );
      return row
        ? rowToMessage(SubscriptionSchema, columns, row)
        : create(SubscriptionSchema, { vendor: caller.vendorUuid ?? '' });
    },
  };
}
