import { Code } from '@connectrpc/connect';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema.gen.ts';
import {
  DEFAULT_LIST_EXCLUDED,
  isDepositStatus,
  type DepositStatus,
} from '../../../../src/domain/deposit/statuses.ts';
import {
  DepositSchema,
  DepositStatusSchema,
  type Deposit,
} from '../../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { refuseOutOfScope, requireUuid } from '../../../crud/crudService.ts';
import { scopeFor } from '../../../crud/policies.ts';
import {
  filtersSql,
  likePattern,
  orderingSql,
  scopeSql,
  searchText,
} from '../../../crud/queryParts.ts';
import { columnFields, enumToLabel, rowToMessage } from '../../../crud/rowMapping.ts';
import { loadSchema, type ColumnInfo } from '../../../crud/tableInfo.ts';
import type { Caller } from '../../../rpc/caller.ts';
import { fail } from '../../../rpc/reasons.ts';
import type { ServiceDeps } from '../../deps.ts';

export type Row = Record<string, unknown>;

/** What every deposit call shares: the deps, the deposit table's columns and the row helpers. */
export interface DepositCallContext {
  readonly deps: ServiceDeps;
  /** The deposit table's columns, read once from the migrated schema. */
  columns(): Promise<ReadonlyMap<string, ColumnInfo>>;
  /** The caller's view of a row: admin_notes is blank for anyone below admin level. */
  toDeposit(row: Row, caller: Caller): Promise<Deposit>;
  /** The deposit the caller may read (or write), or the FORBIDDEN / NOT_FOUND refusal. */
  depositFor(
    executor: Kysely<Database>,
    uuid: string,
    caller: Caller,
    mode: 'read' | 'write',
  ): Promise<Row>;
}

export function depositCallContext(deps: ServiceDeps): DepositCallContext {
  let schema: Promise<ReadonlyMap<string, ColumnInfo>> | undefined;
  const columns = () => {
    schema ??= loadSchema(deps.db).then((s) => {
      const table = s.get('deposit');
      if (!table) throw new Error('The deposit table is missing');
      return table;
    });
    return schema;
  };
  return {
    deps,
    columns,
    async toDeposit(row, caller) {
      const message = rowToMessage(DepositSchema, await columns(), row);
      if (!caller.isAdminLevel) message.adminNotes = '';
      return message;
    },
    async depositFor(executor, uuid, caller, mode) {
      requireUuid(uuid);
      const { rows } = await sql<Row>`
        select * from deposit as r
        where r.uuid = ${uuid} and ${scopeSql(scopeFor(caller, 'deposit', mode), 'r')}`.execute(
        executor,
      );
      if (!rows[0]) throw await refuseOutOfScope(executor, 'deposit', uuid, 'Deposit');
      return rows[0];
    },
  };
}

/** Deposit status labels of a request's `statuses` (contract enum numbers). */
export function statusLabels(statuses: readonly number[] | undefined): DepositStatus[] {
  return (statuses ?? []).map((value) => {
    let label: string | null = null;
    try {
      label = enumToLabel(DepositStatusSchema, value);
    } catch {
      label = null;
    }
    if (!isDepositStatus(label))
      throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', `Unknown deposit status ${value}`);
    return label;
  });
}

export interface DepositListFilters {
  readonly statuses?: readonly number[];
  readonly vendor?: string;
  readonly customer?: string;
  readonly search?: string;
}

/**
 * The conditions of a deposit list on `deposit as r`: the caller's read scope, the filters header,
 * the statuses (empty = the default list, without ABANDONED and CANCELED, unless the filters header
 * names a status itself), the vendor, the customer and a search over the deposit's name and its
 * customer's names and e-mail.
 */
export async function depositWhere(
  context: DepositCallContext,
  caller: Caller,
  filtersHeader: string | null,
  filters: DepositListFilters,
): Promise<RawBuilder<SqlBool>[]> {
  const names = new Set(columnFields(DepositSchema, await context.columns()).map((f) => f.name));
  const where = [
    scopeSql(scopeFor(caller, 'deposit', 'read'), 'r'),
    ...filtersSql(DepositSchema, names, filtersHeader, 'r'),
    // A public-form draft belongs to its visitor until sent: no list shows it.
    sql<SqlBool>`not (r.status = 'DRAFT' and r.is_created_by_public_form)`,
  ];
  const statuses = statusLabels(filters.statuses);
  if (statuses.length > 0) {
    where.push(sql<SqlBool>`r.status in (${sql.join(statuses)})`);
  } else if (!headerNamesStatus(filtersHeader)) {
    where.push(
      sql<SqlBool>`(r.status is null or r.status not in (${sql.join(DEFAULT_LIST_EXCLUDED)}))`,
    );
  }
  if (filters.vendor) where.push(sql<SqlBool>`r.vendor = ${requireUuid(filters.vendor, 'vendor')}`);
  if (filters.customer)
    where.push(sql<SqlBool>`r.customer = ${requireUuid(filters.customer, 'customer')}`);
  const search = searchText(filters.search);
  if (search) {
    const pattern = likePattern(search);
    where.push(sql<SqlBool>`(r.name ilike ${pattern} or exists (
      select 1 from customer c where c.uuid = r.customer and (
        c.first_name ilike ${pattern} or c.last_name ilike ${pattern} or c.email ilike ${pattern}
        or concat_ws(' ', c.first_name, c.last_name) ilike ${pattern}
        or concat_ws(' ', c.last_name, c.first_name) ilike ${pattern})))`);
  }
  return where;
}

/** Whether the filters header already chooses statuses (then the default exclusion is left out). */
function headerNamesStatus(header: string | null): boolean {
  if (!header) return false;
  try {
    const parsed = JSON.parse(decodeURIComponent(header)) as Record<string, unknown>;
    const value = parsed.status;
    return value !== undefined && value !== null && value !== '';
  } catch {
    return false;
  }
}

/** ORDER BY of a deposit list: comma-joined known fields (`-created_at,name`). */
export async function depositOrder(
  context: DepositCallContext,
  ordering: string,
): Promise<RawBuilder<unknown>> {
  const names = new Set(columnFields(DepositSchema, await context.columns()).map((f) => f.name));
  return orderingSql(DepositSchema, names, ordering, 'r');
}
