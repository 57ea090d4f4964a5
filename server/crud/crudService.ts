import { Code, type ConnectError, type HandlerContext } from '@connectrpc/connect';
import { snakeCase } from '../db/schemaSql.ts';
import { create, type DescMessage, type DescService } from '@bufbuild/protobuf';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.gen.ts';
import { callerKey, type Caller } from '../rpc/caller.ts';
import { fail, fromDatabaseError } from '../rpc/reasons.ts';
import { anonymousScope, policyFor, scopeFor } from './policies.ts';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  filtersSql,
  orderingSql,
  scopeSql,
  searchSql,
} from './queryParts.ts';
import { columnFields, messageToRow, rowToMessage } from './rowMapping.ts';
import type { ColumnInfo } from './tableInfo.ts';

type Req = Record<string, unknown>;
type Handler = (req: Req, ctx: HandlerContext) => Promise<unknown>;

/** The six common methods, by the names the contracts give them. */
export const COMMON_METHODS = [
  'list',
  'retrieve',
  'create',
  'update',
  'partialUpdate',
  'destroy',
] as const;

const BOOKKEEPING = new Set(['uuid', 'created_at', 'updated_at', 'row_version']);

export function requireCaller(ctx: HandlerContext): Caller {
  const caller = ctx.values.get(callerKey);
  if (!caller) throw fail(Code.Unauthenticated, 'UNAUTHENTICATED', 'Sign-in required');
  return caller;
}

/** The request field holding the resource message (`deposit` in CreateDepositRequest). */
function resourceField(input: DescMessage, resource: DescMessage): string {
  const field = input.fields.find(
    (f) => f.fieldKind === 'message' && f.message.typeName === resource.typeName,
  );
  if (!field) throw new Error(`${input.typeName} carries no ${resource.typeName}`);
  return field.localName;
}

/**
 * Generic List/Retrieve/Create/Update/PartialUpdate/Destroy of one resource table, with the
 * caller's scope applied in SQL on every statement, so no handler can forget an ownership check.
 */
export function crudHandlers(
  db: Kysely<Database>,
  service: DescService,
  resource: DescMessage,
  table: string,
  columns: ReadonlyMap<string, ColumnInfo>,
): Record<string, Handler> {
  const names = new Set(columnFields(resource, columns).map((f) => f.name));
  const t = sql.table(table);
  const handlers: Record<string, Handler> = {};
  const methods = new Map(service.methods.map((m) => [m.localName, m]));

  const toMessage = (row: Record<string, unknown>) => rowToMessage(resource, columns, row);

  const selectOne = async (
    executor: Kysely<Database>,
    uuid: string,
    caller: Caller,
    mode: 'read' | 'write',
  ) => {
    requireUuid(uuid);
    const { rows } = await sql<Record<string, unknown>>`
      select * from ${t} as r where r.uuid = ${uuid} and ${scopeSql(scopeFor(caller, table, mode), 'r')}`.execute(
      executor,
    );
    return rows[0];
  };

  /** A row outside the caller's scope: forbidden when it exists, not found otherwise. */
  const refuse = (executor: Kysely<Database>, uuid: string) =>
    refuseOutOfScope(executor, table, uuid, resource.name);

  const write = mapDatabaseErrors;

  if (methods.has('list')) {
    handlers.list = async (req, ctx) => {
      // Visitors of the public deposit form read the reference lists without signing in.
      const caller = ctx.values.get(callerKey);
      const scope = caller ? scopeFor(caller, table, 'read') : anonymousScope(table);
      if (!caller && scope === 'none') requireCaller(ctx);
      const where = [
        scopeSql(scope, 'r'),
        ...filtersSql(resource, names, ctx.requestHeader.get('filters'), 'r'),
        ...searchSql(names, req.search, 'r'),
      ];
      const order = orderingSql(resource, names, String(req.ordering ?? ''), 'r');
      const { rows, count } = await listPage(db, table, where, order, pageOf(req.pagination));
      const output = methods.get('list')!.output;
      return create(output, { results: rows.map(toMessage), count } as never);
    };
  }

  if (methods.has('retrieve')) {
    handlers.retrieve = async (req, ctx) => {
      const row = await selectOne(db, String(req.uuid), requireCaller(ctx), 'read');
      if (!row) throw await refuse(db, String(req.uuid));
      return toMessage(row);
    };
  }

  if (methods.has('create')) {
    const field = resourceField(methods.get('create')!.input, resource);
    handlers.create = async (req, ctx) => {
      const caller = requireCaller(ctx);
      if (!caller.isAdminLevel && scopeFor(caller, table, 'write') === 'none') {
        throw fail(Code.PermissionDenied, 'FORBIDDEN', `You may not create ${resource.name}`);
      }
      const message = (req[field] ?? {}) as Record<string, unknown>;
      const row = insertableRow(resource, columns, message);
      if (!caller.isAdminLevel) policyFor(table).prepareCreate?.(caller, row);
      return write(() =>
        db.transaction().execute(async (trx) => {
          const uuid = await insertRow(trx, table, row);
          const created = await selectOne(trx, uuid, caller, 'write');
          if (!created)
            throw fail(
              Code.PermissionDenied,
              'FORBIDDEN',
              `You may not create this ${resource.name}`,
            );
          return toMessage(created);
        }),
      );
    };
  }

  for (const method of ['update', 'partialUpdate'] as const) {
    if (methods.has(method))
      handlers[method] = updateHandler(db, service, resource, table, columns, method);
  }

  if (methods.has('destroy')) {
    handlers.destroy = async (req, ctx) => {
      const caller = requireCaller(ctx);
      const uuid = String(req.uuid);
      return write(async () => {
        const current = await selectOne(db, uuid, caller, 'write');
        if (!current) throw await refuse(db, uuid);
        await sql`delete from ${t} where uuid = ${uuid}`.execute(db);
        return create(methods.get('destroy')!.output, { success: true } as never);
      });
    };
  }
  return handlers;
}

function isZero(value: unknown): boolean {
  return (
    value === null ||
    value === 0 ||
    value === '' ||
    value === false ||
    (Array.isArray(value) && value.length === 0)
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The uuid itself, or an INVALID_ARGUMENT refusal before it reaches SQL. */
export function requireUuid(value: string, what = 'uuid'): string {
  if (!isUuid(value))
    throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', `${what} is not a valid identifier`);
  return value;
}

/** Runs a write, turning PostgreSQL constraint errors into the refusals callers act on. */
export async function mapDatabaseErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw fromDatabaseError(error);
  }
}

export interface Page {
  readonly pageSize: number;
  readonly page: number;
}

/** The requested page, clamped to the allowed sizes (default 25, at most 5,000). */
export function pageOf(pagination: unknown): Page {
  const p = (pagination as { page?: number; pageSize?: number } | undefined) ?? {};
  return {
    pageSize: Math.min(Math.max(p.pageSize || DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE),
    page: Math.max(p.page || 1, 1),
  };
}

/** One page of `table as r` under the given conditions, and the count of every matching row. */
export async function listPage(
  executor: Kysely<Database>,
  table: string,
  where: readonly RawBuilder<SqlBool>[],
  order: RawBuilder<unknown>,
  { page, pageSize }: Page,
): Promise<{ rows: Record<string, unknown>[]; count: number }> {
  const t = sql.table(table);
  const whereSql = where.length ? sql.join(where, sql` and `) : sql`true`;
  const [rows, count] = await Promise.all([
    sql<
      Record<string, unknown>
    >`select * from ${t} as r where ${whereSql} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(
      executor,
    ),
    sql<{
      count: string;
    }>`select count(*)::text as count from ${t} as r where ${whereSql}`.execute(executor),
  ]);
  return { rows: rows.rows, count: Number(count.rows[0]?.count ?? 0) };
}

/** A row outside the caller's scope: forbidden when it exists, not found otherwise. */
export async function refuseOutOfScope(
  executor: Kysely<Database>,
  table: string,
  uuid: string,
  name: string,
): Promise<ConnectError> {
  const { rows } = await sql`select 1 from ${sql.table(table)} where uuid = ${uuid}`.execute(
    executor,
  );
  return rows.length > 0
    ? fail(Code.PermissionDenied, 'FORBIDDEN', `This ${name} is not yours`)
    : fail(Code.NotFound, 'NOT_FOUND', `${name} not found`);
}

/** Column values of a new row: bookkeeping left to the database, and defaults for empty values. */
export function insertableRow(
  resource: DescMessage,
  columns: ReadonlyMap<string, ColumnInfo>,
  message: Record<string, unknown>,
): Record<string, unknown> {
  const row = messageToRow(resource, columns, message);
  for (const key of Object.keys(row)) {
    const column = columns.get(key)!;
    if (BOOKKEEPING.has(key) || (column.hasDefault && isZero(row[key]))) delete row[key];
  }
  return row;
}

/** Inserts one row and answers its uuid. */
export async function insertRow(
  executor: Kysely<Database>,
  table: string,
  row: Record<string, unknown>,
): Promise<string> {
  const keys = Object.keys(row);
  const inserted = await sql<{ uuid: string }>`
    insert into ${sql.table(table)} ${keys.length ? sql`(${sql.join(keys.map((k) => sql.id(k)))}) values (${sql.join(keys.map((k) => sql`${row[k]}`))})` : sql`default values`}
    returning uuid`.execute(executor);
  return inserted.rows[0]!.uuid;
}

/** One row of `table` within the caller's scope, optionally locked for the rest of the transaction. */
export async function selectInScope(
  executor: Kysely<Database>,
  table: string,
  uuid: string,
  caller: Caller,
  mode: 'read' | 'write',
  lock?: 'for update' | 'for share',
): Promise<Record<string, unknown> | undefined> {
  requireUuid(uuid);
  const { rows } = await sql<Record<string, unknown>>`
    select * from ${sql.table(table)} as r where r.uuid = ${uuid}
    and ${scopeSql(scopeFor(caller, table, mode), 'r')} ${lock ? sql.raw(lock) : sql``}`.execute(
    executor,
  );
  return rows[0];
}

/** `selectInScope`, or the FORBIDDEN / NOT_FOUND refusal naming the row `name`. */
export async function requireInScope(
  executor: Kysely<Database>,
  table: string,
  uuid: string,
  caller: Caller,
  mode: 'read' | 'write',
  name: string,
  lock?: 'for update' | 'for share',
): Promise<Record<string, unknown>> {
  const row = await selectInScope(executor, table, uuid, caller, mode, lock);
  if (!row) throw await refuseOutOfScope(executor, table, uuid, name);
  return row;
}

/** What one update is about, as its hooks see it. */
export interface UpdateContext {
  readonly trx: Kysely<Database>;
  readonly caller: Caller;
  readonly request: Req;
  readonly uuid: string;
  /** The fields a partial update names (snake_case); undefined for a full update. */
  readonly only: ReadonlySet<string> | undefined;
}

/** Where a hand-written update adds its rules to the generic one, all inside its transaction. */
export interface UpdateHooks {
  /** Before the row is locked: lock parent rows here, so locks are always taken parent first. */
  beforeLock?(c: UpdateContext): Promise<void>;
  /** The row is locked, in scope and at the caller's row_version: refuse, or change `row`. */
  beforeWrite?(
    c: UpdateContext & { current: Record<string, unknown>; row: Record<string, unknown> },
  ): Promise<void>;
  /** After the write: effects on other rows. */
  afterWrite?(
    c: UpdateContext & { current: Record<string, unknown>; row: Record<string, unknown> },
  ): Promise<void>;
  /** May the answer be a row that left the caller's write scope through this change? */
  mayLeaveScope?(c: {
    caller: Caller;
    current: Record<string, unknown>;
    after: Record<string, unknown>;
  }): boolean;
}

/**
 * Update or PartialUpdate of one resource row: scope checked on the row locked `for update`,
 * optimistic concurrency on row_version (0 skips the check), and the row must still be the
 * caller's afterwards. Hand-written updates pass hooks to add their rules in the same transaction.
 */
export function updateHandler(
  db: Kysely<Database>,
  service: DescService,
  resource: DescMessage,
  table: string,
  columns: ReadonlyMap<string, ColumnInfo>,
  method: 'update' | 'partialUpdate',
  hooks: UpdateHooks = {},
): Handler {
  const names = new Set(columnFields(resource, columns).map((f) => f.name));
  const input = service.methods.find((m) => m.localName === method)!.input;
  const field = resourceField(input, resource);
  const t = sql.table(table);
  return async (req, ctx) => {
    const caller = requireCaller(ctx);
    const message = (req[field] ?? {}) as Record<string, unknown>;
    const uuid = String(message.uuid ?? '');
    let only: Set<string> | undefined;
    if (method === 'partialUpdate') {
      const paths = ((req.updateMask as { paths?: string[] } | undefined)?.paths ?? []).map(
        snakeCase,
      );
      const unknown = paths.filter((p) => !names.has(p) || BOOKKEEPING.has(p));
      if (paths.length === 0 || unknown.length > 0) {
        throw fail(
          Code.InvalidArgument,
          'INVALID_FIELD_MASK',
          `Unknown or missing fields: ${unknown.join(', ') || '(none)'}`,
        );
      }
      only = new Set(paths);
    }
    const row = messageToRow(resource, columns, message, only);
    for (const key of BOOKKEEPING) delete row[key];
    const version = Number(message.rowVersion ?? 0);
    const changedElsewhere = () =>
      fail(
        Code.Aborted,
        'CHANGED_BY_SOMEONE_ELSE',
        `${resource.name} was changed by someone else; reload it`,
      );
    return mapDatabaseErrors(() =>
      db.transaction().execute(async (trx) => {
        const context: UpdateContext = { trx, caller, request: req, uuid, only };
        requireUuid(uuid);
        await hooks.beforeLock?.(context);
        const current = await selectInScope(trx, table, uuid, caller, 'write', 'for update');
        if (!current) throw await refuseOutOfScope(trx, table, uuid, resource.name);
        if (version > 0 && Number(current.row_version) !== version) throw changedElsewhere();
        await hooks.beforeWrite?.({ ...context, current, row });
        const sets = Object.keys(row).map((k) => sql`${sql.id(k)} = ${row[k]}`);
        sets.push(sql`updated_at = now()`, sql`row_version = row_version + 1`);
        const updated = await sql<{ uuid: string }>`
          update ${t} set ${sql.join(sets)} where uuid = ${uuid}
          ${version > 0 ? sql`and row_version = ${version}` : sql``} returning uuid`.execute(trx);
        if (updated.rows.length === 0) throw changedElsewhere();
        await hooks.afterWrite?.({ ...context, current, row });
        let after = await selectInScope(trx, table, uuid, caller, 'write');
        if (!after && hooks.mayLeaveScope) {
          const { rows } = await sql<
            Record<string, unknown>
          >`select * from ${t} where uuid = ${uuid}`.execute(trx);
          if (rows[0] && hooks.mayLeaveScope({ caller, current, after: rows[0] })) after = rows[0];
        }
        if (!after)
          throw fail(
            Code.PermissionDenied,
            'FORBIDDEN',
            `You may not move this ${resource.name} there`,
          );
        return rowToMessage(resource, columns, after);
      }),
    );
  };
}
