import type { Kysely } from 'kysely';
import type { Database } from './schema.gen.ts';

/**
 * The vendor and customer records linked to a signed-in subject, in one round trip. Typed from
 * the schema rather than raw SQL: it decides who a caller is, so a renamed column must fail the
 * typecheck instead of quietly making everyone a stranger.
 */
export async function linkedRecords(
  db: Kysely<Database>,
  sub: string,
): Promise<{ vendor: string | null; customer: string | null }> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('vendor')
        .select('uuid')
        .where('identity_user_uuid', '=', sub)
        .limit(1)
        .as('vendor'),
      eb
        .selectFrom('customer')
        .select('uuid')
        .where('identity_user_uuid', '=', sub)
        .limit(1)
        .as('customer'),
    ])
    .executeTakeFirstOrThrow();
  return { vendor: row.vendor, customer: row.customer };
}
