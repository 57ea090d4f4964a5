import { Code, type HandlerContext } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { requireUuid } from '../../crud/crudService.ts';
import { callerKey } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import { hashDraftToken } from '../publicDeposit/publicDepositService.ts';

/** The header a visitor of the public deposit form sends its draft token in. */
export const DRAFT_TOKEN_HEADER = 'x-draft-token';
/** Photos a visitor may add to one draft: an unauthenticated upload must stay bounded. */
export const VISITOR_PHOTO_LIMIT = 100;

const TOKEN = /^[A-Za-z0-9_-]{32,128}$/;

/**
 * For a call without a session that carries a draft token: the lock that admits the upload only
 * onto the public-form draft this token opens (a DRAFT deposit made by the form), within the
 * visitor photo limit. Null for a signed-in caller or a call without a token.
 */
export function visitorDepositLock(
  ctx: HandlerContext,
  deposit: string,
): ((trx: Kysely<Database>) => Promise<void>) | null {
  if (ctx.values.get(callerKey)) return null;
  const token = ctx.requestHeader.get(DRAFT_TOKEN_HEADER);
  if (!token) return null;
  if (!TOKEN.test(token))
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'The draft token is malformed');
  requireUuid(deposit, 'deposit');
  const hash = hashDraftToken(token);
  return async (trx) => {
    const { rows } = await sql<{ photos: number }>`
      select (select count(*)::int from deposit_image i where i.deposit = d.uuid) as photos
      from deposit d
      where d.uuid = ${deposit} and d.draft_token_hash = ${hash}
        and d.status = 'DRAFT' and d.is_created_by_public_form
      for update`.execute(trx);
    if (!rows[0])
      throw fail(Code.PermissionDenied, 'FORBIDDEN', 'The draft token does not open this deposit');
    if (rows[0].photos >= VISITOR_PHOTO_LIMIT)
      throw fail(
        Code.ResourceExhausted,
        'QUOTA_REACHED',
        `A deposit request holds at most ${VISITOR_PHOTO_LIMIT} photos`,
      );
  };
}
