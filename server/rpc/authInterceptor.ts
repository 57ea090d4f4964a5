import { Code, type Interceptor } from '@connectrpc/connect';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.gen.ts';
import { bearerFrom, type Identity } from '../auth/verifyToken.ts';
import { linkedRecords } from '../db/linkedRecords.ts';
import { callerKey, makeCaller } from './caller.ts';
import { fail } from './reasons.ts';

/** Methods anyone may call without signing in (the public deposit flow will add its own). */
export type PublicMethods = ReadonlySet<string>;

/**
 * Verifies the bearer token of every call and resolves the caller's records, so handlers only
 * ever see an authenticated caller. Runs on the server: the client's word is never trusted. A
 * linked vendor or customer record counts as membership of that group (see `callerGroups`), so a
 * user who chose their type is a vendor or customer from their next call on.
 */
export function authInterceptor(
  db: Kysely<Database>,
  verify: (token: string) => Promise<Identity>,
  publicMethods: PublicMethods,
): Interceptor {
  return (next) => async (req) => {
    const path = `${req.service.typeName}/${req.method.name}`;
    const token = bearerFrom(req.header.get('authorization'));
    if (!token) {
      if (publicMethods.has(path)) return next(req);
      throw fail(Code.Unauthenticated, 'UNAUTHENTICATED', 'Sign-in required');
    }
    let identity: Identity;
    try {
      identity = await verify(token);
    } catch {
      throw fail(Code.Unauthenticated, 'TOKEN_INVALID', 'The access token is invalid or expired');
    }
    const row = await linkedRecords(db, identity.sub);
    req.contextValues.set(
      callerKey,
      makeCaller(identity, {
        vendorUuid: row.vendor,
        customerUuid: row.customer,
      }),
    );
    return next(req);
  };
}
