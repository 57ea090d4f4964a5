import { Code } from '@connectrpc/connect';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema.gen.ts';
import { DEPOSIT_STATUSES, statusIndex } from '../../../../src/domain/deposit/statuses.ts';
import type {
  DepositFacts,
  VendorFacts,
  WantDepositRules,
} from '../../../../src/domain/deposit/wantDeposit.ts';
import type {
  SubscriptionStatusName,
  SubscriptionTypeName,
} from '../../../../src/domain/subscriptionAccess.ts';
import { fail } from '../../../rpc/reasons.ts';
import type { BusinessSettings } from '../../deps.ts';

/**
 * A vendor's pending deposits: marketplace deposits (created through the public form) assigned to
 * the vendor whose items have not been received yet.
 */
export const PENDING_STATUSES = DEPOSIT_STATUSES.filter(
  (s) =>
    statusIndex(s) > statusIndex('WAITING_FOR_VENDOR') && statusIndex(s) < statusIndex('RECEIVED'),
);

/** A deposit open to vendors: waiting for one and not given to anyone yet. */
export const OPEN_DEPOSIT = (alias: string): RawBuilder<SqlBool> =>
  sql<SqlBool>`${sql.ref(`${alias}.status`)} = 'WAITING_FOR_VENDOR' and ${sql.ref(`${alias}.vendor`)} is null`;

/**
 * The deposit, locked until the transaction ends, still open to vendors; refused when it is gone,
 * was changed since `rowVersion` (when given), or was already given to someone.
 */
export async function lockOpenDeposit(
  trx: Kysely<Database>,
  uuid: string,
  rowVersion = 0,
): Promise<Record<string, unknown>> {
  const { rows } = await sql<Record<string, unknown>>`
    select * from deposit where uuid = ${uuid} for update`.execute(trx);
  const deposit = rows[0];
  if (!deposit) throw fail(Code.NotFound, 'NOT_FOUND', 'Deposit not found');
  if (rowVersion > 0 && deposit.row_version !== rowVersion)
    throw fail(
      Code.Aborted,
      'CHANGED_BY_SOMEONE_ELSE',
      'Deposit was changed by someone else; reload it',
    );
  if (deposit.status !== 'WAITING_FOR_VENDOR' || deposit.vendor)
    throw fail(
      Code.FailedPrecondition,
      'DEPOSIT_NOT_AVAILABLE',
      'This deposit is no longer open to vendors',
    );
  return deposit;
}

export interface VendorRecord {
  readonly uuid: string;
  readonly email: string | null;
  readonly name: string;
  readonly firstName: string | null;
  readonly facts: VendorFacts;
}

interface VendorRow {
  uuid: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  incomplete_status_reason: string | null;
  is_on_trial_period: boolean;
  disabled_datetime: Date | null;
  marketplace_welcome_meeting_done: boolean;
  receive_new_deposit_status: 'AVAILABLE' | 'UNAVAILABLE' | null;
  deposit_family_favorite: string | null;
  subscription_uuid: string | null;
  sub_type: SubscriptionTypeName | null;
  sub_status: SubscriptionStatusName | null;
  sub_cancel_at_period_end: boolean | null;
  sub_payment_provider_id: string | null;
  sub_current_period_end: Date | null;
  pending: number;
  latest_affectation: Date | null;
}

/** Everything the refusal rules read about a vendor, in one query; undefined if no such vendor. */
export async function loadVendor(
  executor: Kysely<Database>,
  vendorUuid: string,
  now: Date,
): Promise<VendorRecord | undefined> {
  const { rows } = await sql<VendorRow>`
    select v.uuid, v.email, v.first_name, v.last_name, v.phone_number, v.address, v.postal_code,
      v.city, v.incomplete_status_reason, v.is_on_trial_period, v.disabled_datetime,
      v.marketplace_welcome_meeting_done, v.receive_new_deposit_status::text as receive_new_deposit_status,
      v.deposit_family_favorite::text as deposit_family_favorite,
      s.uuid as subscription_uuid, s.type::text as sub_type, s.status::text as sub_status,
      s.cancel_at_period_end as sub_cancel_at_period_end,
      s.payment_provider_id as sub_payment_provider_id,
      s.current_period_end as sub_current_period_end,
      (select count(*)::int from deposit d
        where d.vendor = v.uuid and d.is_created_by_public_form
          and d.status::text in (${sql.join(PENDING_STATUSES)})) as pending,
      (select max(d.affectation_datetime) from deposit d
        where d.vendor = v.uuid and d.affectation_datetime <= ${now}) as latest_affectation
    from vendor v
    left join subscription s on s.uuid = coalesce(v.subscription,
      (select s2.uuid from subscription s2 where s2.vendor = v.uuid order by s2.created_at desc limit 1))
    where v.uuid = ${vendorUuid}`.execute(executor);
  const row = rows[0];
  if (!row) return undefined;
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email || row.uuid;
  return {
    uuid: row.uuid,
    email: row.email,
    name,
    firstName: row.first_name,
    facts: {
      subscription: row.subscription_uuid
        ? {
            type: row.sub_type,
            status: row.sub_status,
            cancelAtPeriodEnd: row.sub_cancel_at_period_end === true,
            paymentProviderId: row.sub_payment_provider_id,
            currentPeriodEnd: row.sub_current_period_end,
          }
        : null,
      isOnTrialPeriod: row.is_on_trial_period,
      disabledAt: row.disabled_datetime,
      profile: {
        firstName: row.first_name,
        lastName: row.last_name,
        phoneNumber: row.phone_number,
        address: row.address,
        postalCode: row.postal_code,
        city: row.city,
        incompleteStatusReason: row.incomplete_status_reason,
      },
      welcomeMeetingDone: row.marketplace_welcome_meeting_done,
      availability: row.receive_new_deposit_status,
      pendingDeposits: Number(row.pending),
      latestAffectation: row.latest_affectation,
      familyFavorite: row.deposit_family_favorite,
    },
  };
}

/** What the refusal rules read about a deposit row (`select *` of the deposit table). */
export function depositFacts(row: Record<string, unknown>): DepositFacts {
  return {
    family: (row.family as string | null) ?? null,
    customerPostalCode: (row.customer_postal_code as string | null) ?? null,
    customerAcceptsPostal: row.customer_accept_send_postal === true,
  };
}

export function rulesAt(now: Date, settings: BusinessSettings): WantDepositRules {
  return {
    now,
    maxPendingDeposits: settings.maxPendingDeposits,
    priorityDepartments: settings.priorityDepartments,
  };
}
