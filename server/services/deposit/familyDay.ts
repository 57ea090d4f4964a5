import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { parisDay } from '../../../src/domain/calendar.ts';
import { fail } from '../../rpc/reasons.ts';

/**
 * A customer cannot make two deposits of the same family on the same day (2-business-data.md §5),
 * whether a vendor files it or the customer submits the public form. The day is the Paris
 * calendar day the deposit was made: its creation, or for the public form its submission (a
 * draft not yet submitted is no deposit). Abandoned and canceled deposits do not count, so a
 * customer may start again. The lock serialises two attempts for one customer.
 */
export async function refuseSecondFamilyDeposit(
  trx: Kysely<Database>,
  customer: string,
  family: string,
  now: Date,
  except?: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`deposit-family-day:${customer}`}))`.execute(
    trx,
  );
  const { rows } = await sql`
    select 1 from deposit d
    where d.customer = ${customer} and d.family = ${family}
      ${except ? sql`and d.uuid <> ${except}` : sql``}
      and (d.status is null or d.status not in ('ABANDONED', 'CANCELED'))
      and not (d.is_created_by_public_form and d.status = 'DRAFT')
      and ((case when d.is_created_by_public_form then d.deposit_datetime else d.created_at end)
        at time zone 'Europe/Paris')::date = ${parisDay(now)}::date
    limit 1`.execute(trx);
  if (rows[0])
    throw fail(
      Code.AlreadyExists,
      'CUSTOMER_FAMILY_SAME_DAY',
      'This customer already has a deposit of this family today',
    );
}
