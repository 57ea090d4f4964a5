import { Code, type Interceptor } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { isUuid } from '../../crud/crudService.ts';
import { scopeFor } from '../../crud/policies.ts';
import { scopeSql } from '../../crud/queryParts.ts';
import { snakeCase } from '../../db/schemaSql.ts';
import { requireSubscriptionAccess } from '../../services/account/subscriptionGate.ts';
import { callerKey, type Caller } from '../caller.ts';
import { fail } from '../reasons.ts';
import { roleOf, type MethodRule, type Reference, type ServiceEntry } from './rules.ts';

/** The rules by `service type name/method name`, as the interceptor looks them up. */
export function rulesByPath(table: readonly ServiceEntry[]): ReadonlyMap<string, MethodRule> {
  const byPath = new Map<string, MethodRule>();
  for (const { service, methods } of table) {
    for (const method of service.methods) {
      const found = methods[method.localName];
      if (found) byPath.set(`${service.typeName}/${method.name}`, found);
    }
  }
  return byPath;
}

/** Methods a visitor without a token may call: those whose rule admits `Visitor`. */
export function publicMethods(table: readonly ServiceEntry[]): ReadonlySet<string> {
  return new Set(
    [...rulesByPath(table)].filter(([, r]) => r.roles.includes('Visitor')).map(([path]) => path),
  );
}

/**
 * Applies the authorisation table after sign-in and before any handler: the caller's role, the
 * subscription gate, then every reference the request names. A method without an entry is refused:
 * a new call stays closed until someone decides who may make it.
 */
export function accessInterceptor(
  db: Kysely<Database>,
  table: readonly ServiceEntry[],
  clock: () => Date,
): Interceptor {
  const byPath = rulesByPath(table);
  return (next) => async (req) => {
    const path = `${req.service.typeName}/${req.method.name}`;
    const methodRule = byPath.get(path);
    if (!methodRule)
      throw fail(
        Code.PermissionDenied,
        'FORBIDDEN',
        `${req.method.name} is not open to anyone yet`,
      );
    const caller = req.contextValues.get(callerKey);
    const role = roleOf(caller);
    if (!methodRule.roles.includes(role))
      throw fail(
        Code.PermissionDenied,
        'FORBIDDEN',
        `${role === 'NoGroup' ? 'Choose your user type first: you' : 'You'} may not call ${req.method.name}`,
      );
    if (!caller || caller.isAdminLevel) return next(req);
    if (methodRule.gate) await requireSubscriptionAccess(db, caller, clock());
    const check = (message: object) =>
      requireReferences(db, caller, methodRule.references, message);
    if (!req.stream) {
      await check(req.message);
      return next(req);
    }
    // A streamed request's messages are checked as they arrive, before the handler reads them.
    const messages = req.message;
    return next({
      ...req,
      message: (async function* () {
        for await (const message of messages) {
          await check(message);
          yield message;
        }
      })(),
    });
  };
}

/** More rows than any screen selects at once (a publish of the whole stock is 5,000 at most). */
const MAX_REFERENCES = 10_000;

/** The values one reference names in a request: none, one or several uuids. */
export function referencedValues(message: object, reference: Reference): string[] {
  let values: unknown[] = [message];
  for (const part of reference.path.split('.')) {
    values = values.flatMap((value) => {
      if (value === null || typeof value !== 'object') return [];
      const next = (value as Record<string, unknown>)[part];
      return Array.isArray(next) ? next : [next];
    });
  }
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))];
}

/**
 * A partial update changes only the fields its mask names: a reference it does not name is not
 * written, so it is not checked either.
 */
function isWritten(message: object, reference: Reference): boolean {
  const mask = (message as { updateMask?: { paths?: readonly string[] } }).updateMask;
  if (!mask?.paths) return true;
  const [head, field] = reference.path.split('.');
  if (field === undefined || !head) return true;
  return mask.paths.some((p) => p === field || snakeCase(p) === snakeCase(field));
}

/**
 * Every row a request names must be one the caller may read (or write) under its table's row
 * policy. Anything else is refused, never rewritten: PermissionDenied `FORBIDDEN` when the
 * row exists, INVALID_ARGUMENT `UNKNOWN_REFERENCE` when it does not, INVALID_ARGUMENT when it is no uuid.
 */
export async function requireReferences(
  db: Kysely<Database>,
  caller: Caller,
  references: readonly Reference[],
  message: object,
): Promise<void> {
  for (const reference of references) {
    if (!isWritten(message, reference)) continue;
    const uuids = referencedValues(message, reference);
    if (uuids.length === 0) continue;
    if (uuids.length > MAX_REFERENCES)
      throw fail(
        Code.InvalidArgument,
        'INVALID_ARGUMENT',
        `${reference.path} names more than ${MAX_REFERENCES} rows`,
      );
    const bad = uuids.find((u) => !isUuid(u));
    if (bad !== undefined)
      throw fail(
        Code.InvalidArgument,
        'INVALID_ARGUMENT',
        `${reference.path} is not a valid identifier`,
      );
    const scope = scopeFor(caller, reference.table, reference.mode);
    const t = sql.table(reference.table);
    const { rows } = await sql<{ uuid: string; allowed: boolean }>`
      select r.uuid::text as uuid, (${scopeSql(scope, 'r')}) as allowed
      from ${t} as r where r.uuid = any(${uuids}::uuid[])`.execute(db);
    const found = new Map(rows.map((r) => [r.uuid, r.allowed]));
    const missing = uuids.find((u) => !found.has(u.toLowerCase()));
    if (missing !== undefined)
      throw fail(
        Code.InvalidArgument,
        'UNKNOWN_REFERENCE',
        `${reference.path} names a ${reference.table} that does not exist`,
      );
    if ([...found.values()].some((allowed) => !allowed))
      throw fail(
        Code.PermissionDenied,
        'FORBIDDEN',
        `${reference.path} names a ${reference.table} you may not ${reference.mode === 'write' ? 'change' : 'use'}`,
      );
  }
}
