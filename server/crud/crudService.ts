import { Code, type HandlerContext } from '@connectrpc/connect';
import { create, type DescMessage, type DescService } from '@bufbuild/protobuf';
import { sql, type Kysely } from 'kysely';
import { callerKey, type Caller } from '../rpc/caller.ts';
import { fail, fromDatabaseError } from '../rpc/reasons.ts';
import { policyFor, scopeFor } from './policies.ts';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  filtersSql,
  orderingSql,
  scopeSql,
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
  db: Kysely<unknown>,
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
    executor: Kysely<unknown>,
    uuid: string,
    caller: Caller,
    mode: 'read' | 'write',
  ) => {
    if (!isUuid(uuid))
      throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', 'uuid is not a valid identifier');
    const { rows } = await sql<Record<string, unknown>>`
      select * from ${t} as r where r.uuid = ${uuid} and ${scopeSql(scopeFor(caller, table, mode), 'r')}`.execute(
      executor,
    );
    return rows[0];
  };

  /** A row outside the caller's scope: forbidden when it exists, not found otherwise. */
  const refuse = async (executor: Kysely<unknown>, uuid: string) => {
    const { rows } = await sql`select 1 from ${t} where uuid = ${uuid}`.execute(executor);
    return rows.length > 0
      ? fail(Code.PermissionDenied, 'FORBIDDEN', `This ${resource.name} is not yours`)
      : fail(Code.NotFound, 'NOT_FOUND', `${resource.name} not found`);
  };

  const write = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw fromDatabaseError(error);
    }
  };

  if (methods.has('list')) {
    handlers.list = async (req, ctx) => {
      const caller = requireCaller(ctx);
      const pagination = (req.pagination as { page?: number; pageSize?: number } | undefined) ?? {};
      const pageSize = Math.min(
        Math.max(pagination.pageSize || DEFAULT_PAGE_SIZE, 1),
        MAX_PAGE_SIZE,
      );
      const page = Math.max(pagination.page || 1, 1);
      const where = [
        scopeSql(scopeFor(caller, table, 'read'), 'r'),
        ...filtersSql(resource, names, ctx.requestHeader.get('filters'), 'r'),
      ];
      const order = orderingSql(resource, names, String(req.ordering ?? ''), 'r');
      const whereSql = sql.join(where, sql` and `);
      const [rows, count] = await Promise.all([
        sql<
          Record<string, unknown>
        >`select * from ${t} as r where ${whereSql} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(
          db,
        ),
        sql<{
          count: string;
        }>`select count(*)::text as count from ${t} as r where ${whereSql}`.execute(db),
      ]);
      const output = methods.get('list')!.output;
      return create(output, {
        results: rows.rows.map(toMessage),
        count: Number(count.rows[0]?.count ?? 0),
      } as never);
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
      const row = messageToRow(resource, columns, message);
      for (const key of Object.keys(row)) {
        const column = columns.get(key)!;
        if (BOOKKEEPING.has(key) || (column.hasDefault && isZero(row[key]))) delete row[key];
      }
      if (!caller.isAdminLevel) policyFor(table).prepareCreate?.(caller, row);
      return write(() =>
        db.transaction().execute(async (trx) => {
          const keys = Object.keys(row);
          const inserted = await sql<{ uuid: string }>`
            insert into ${t} ${keys.length ? sql`(${sql.join(keys.map((k) => sql.id(k)))}) values (${sql.join(keys.map((k) => sql`${row[k]}`))})` : sql`default values`}
            returning uuid`.execute(trx);
          const created = await selectOne(trx, inserted.rows[0]!.uuid, caller, 'write');
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

  const updateWith = (method: 'update' | 'partialUpdate') => {
    const input = methods.get(method)!.input;
    const field = resourceField(input, resource);
    return async (req: Req, ctx: HandlerContext) => {
      const caller = requireCaller(ctx);
      const message = (req[field] ?? {}) as Record<string, unknown>;
      const uuid = String(message.uuid ?? '');
      let only: Set<string> | undefined;
      if (method === 'partialUpdate') {
        const paths = ((req.updateMask as { paths?: string[] } | undefined)?.paths ?? []).map(
          snake,
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
      return write(() =>
        db.transaction().execute(async (trx) => {
          const current = await selectOne(trx, uuid, caller, 'write');
          if (!current) throw await refuse(trx, uuid);
          const sets = Object.keys(row).map((k) => sql`${sql.id(k)} = ${row[k]}`);
          sets.push(sql`updated_at = now()`, sql`row_version = row_version + 1`);
          const updated = await sql<{ uuid: string }>`
            update ${t} set ${sql.join(sets)} where uuid = ${uuid}
            ${version > 0 ? sql`and row_version = ${version}` : sql``} returning uuid`.execute(trx);
          if (updated.rows.length === 0) {
            throw fail(
              Code.Aborted,
              'CHANGED_BY_SOMEONE_ELSE',
              `${resource.name} was changed by someone else; reload it`,
            );
          }
          const after = await selectOne(trx, uuid, caller, 'write');
          if (!after)
            throw fail(
              Code.PermissionDenied,
              'FORBIDDEN',
              `You may not move this ${resource.name} there`,
            );
          return toMessage(after);
        }),
      );
    };
  };
  if (methods.has('update')) handlers.update = updateWith('update');
  if (methods.has('partialUpdate')) handlers.partialUpdate = updateWith('partialUpdate');

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
function isUuid(value: string): boolean {
  return UUID.test(value);
}

function snake(path: string): string {
  return path.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
