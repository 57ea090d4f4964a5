import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { SubscriptionTypeName } from '../../../src/domain/subscriptionAccess.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import type { BillingSettings } from './billingSettings.ts';

/** Products a vendor holds at once: everything not sold, paid, invoiced, given back or refused. */
const HELD = ['OFFLINE', 'READY', 'ONLINE', 'RESERVED'] as const;

/**
 * The plan's product limit (2-business-data.md: subscriptionProductLimit), checked inside the
 * creating transaction with the vendor's row locked, so two creations at once cannot both pass.
 * The vendor's own `subscription_product_limit` wins when set (negotiated); otherwise the limit of
 * their running plan (0: none). Staff and vendors without a running plan are not limited here
 * (the subscription gate decides for them).
 */
export async function requireProductRoom(
  trx: Kysely<Database>,
  billing: BillingSettings,
  caller: Caller,
): Promise<void> {
  if (caller.isAdminLevel || !caller.vendorUuid) return;
  const vendor = (
    await sql<{ own: number | null; type: SubscriptionTypeName | null; status: string | null }>`
      select v.subscription_product_limit as own, s.type::text as type, s.status::text as status
      from vendor v left join subscription s on s.uuid = v.subscription
      where v.uuid = ${caller.vendorUuid} for update of v`.execute(trx)
  ).rows[0];
  if (!vendor) return;
  const running = vendor.status === 'ACTIVE' || vendor.status === 'TRIALING';
  const planLimit = running
    ? (billing.plans.find((p) => p.type === vendor.type)?.productLimit ?? 0)
    : 0;
  const limit = vendor.own && vendor.own > 0 ? vendor.own : planLimit;
  if (!limit) return;
  const held = (
    await sql<{ n: number }>`
      select count(*)::int as n from product p join deposit d on d.uuid = p.deposit
      where d.vendor = ${caller.vendorUuid}
        and p.sale_status::text in (${sql.join(HELD.map((s) => sql`${s}`))})`.execute(trx)
  ).rows[0]!.n;
  if (held >= limit)
    throw fail(
      Code.ResourceExhausted,
      'PRODUCT_LIMIT_REACHED',
      `Your plan holds ${limit} products in stock at most; choose a larger plan to add more`,
    );
}
