import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { scopeFor } from '../../crud/policies.ts';
import { scopeSql } from '../../crud/queryParts.ts';
import type { Caller } from '../../rpc/caller.ts';
import { OPEN_DEPOSIT } from '../deposit/requests/facts.ts';

/** The dashboard's figures as plain values; the handler turns them into the contract's message. */
export interface DashboardFigures {
  readonly depositsByStatus: readonly { key: string; count: number }[];
  readonly productsBySaleStatus: readonly { key: string; count: number }[];
  readonly customerCount: number;
  readonly vendorCount: number;
  readonly soldTurnover: number;
  readonly openDepositRequests: number;
  readonly openSupportTickets: number;
}

type Counted = { key: string | null; count: number };

const isCompanyAdmin = (caller: Caller) =>
  !caller.isAdminLevel && caller.groups.includes('Company') && caller.vendorUuid !== null;

/** The support tickets a caller reads: all for staff, their own for a vendor or a customer. */
function ticketScope(caller: Caller): RawBuilder<SqlBool> {
  if (caller.isAdminLevel) return sql<SqlBool>`true`;
  if (caller.vendorUuid) return sql<SqlBool>`t.vendor = ${caller.vendorUuid}`;
  if (caller.customerUuid) return sql<SqlBool>`t.customer = ${caller.customerUuid}`;
  return sql<SqlBool>`false`;
}

/**
 * The figures one caller may see, scoped with the same row policies as the lists they link to
 * (a vendor's counts equal what their deposit list shows): staff read everything; a vendor, and
 * a company admin, their own deposits and products (a company admin also gets the number of
 * vendors of their company); a customer their own deposits and items. Every count reads an index
 * or the per-deposit figures of migration 0004, never every product's price.
 */
export async function dashboardFigures(
  db: Kysely<Database>,
  caller: Caller,
): Promise<DashboardFigures> {
  const deposits = scopeSql(scopeFor(caller, 'deposit', 'read'), 'd');
  const everything = caller.isAdminLevel;
  const isCustomer = !everything && !caller.vendorUuid && caller.customerUuid !== null;

  const byStatus = sql<Counted>`
    select d.status::text as key, count(*)::int as count from deposit d
    where ${deposits} group by d.status order by d.status`.execute(db);
  // Staff count products straight from the sale-status index; others through their deposits.
  const bySaleStatus = everything
    ? sql<Counted>`
        select p.sale_status::text as key, count(*)::int as count from product p
        group by p.sale_status order by p.sale_status`.execute(db)
    : sql<Counted>`
        select p.sale_status::text as key, count(*)::int as count
        from deposit d join product p on p.deposit = d.uuid
        where ${deposits} group by p.sale_status order by p.sale_status`.execute(db);
  const turnover = sql<{ total: string | null }>`
    select sum(f.sold_price)::text as total from deposit_figures f
    join deposit d on d.uuid = f.deposit where ${deposits}`.execute(db);
  const customers = isCustomer
    ? Promise.resolve(0)
    : sql<{ n: number }>`
        select count(*)::int as n from customer c
        where ${scopeSql(scopeFor(caller, 'customer', 'read'), 'c')}`
        .execute(db)
        .then((r) => r.rows[0]?.n ?? 0);
  const vendors = everything
    ? countOf(db, sql`select count(*)::int as n from vendor`)
    : isCompanyAdmin(caller)
      ? countOf(
          db,
          sql`select count(*)::int as n from vendor v
            where v.company = (select company from vendor where uuid = ${caller.vendorUuid})`,
        )
      : Promise.resolve(0);
  const requests = everything
    ? countOf(db, sql`select count(*)::int as n from deposit r where ${OPEN_DEPOSIT('r')}`)
    : Promise.resolve(0);
  const tickets = countOf(
    db,
    sql`select count(*)::int as n from support_ticket t
      where t.status in ('OPEN', 'PENDING') and ${ticketScope(caller)}`,
  );

  const [s, p, money, c, v, r, t] = await Promise.all([
    byStatus,
    bySaleStatus,
    turnover,
    customers,
    vendors,
    requests,
    tickets,
  ]);
  return {
    depositsByStatus: merge(s.rows, 'DRAFT'),
    productsBySaleStatus: merge(p.rows, 'OFFLINE'),
    customerCount: c,
    vendorCount: v,
    soldTurnover: Number(money.rows[0]?.total ?? 0),
    openDepositRequests: r,
    openSupportTickets: t,
  };
}

async function countOf(db: Kysely<Database>, query: RawBuilder<unknown>): Promise<number> {
  const { rows } = await (query as RawBuilder<{ n: number }>).execute(db);
  return rows[0]?.n ?? 0;
}

/** A row without a status counts under the column's default (DRAFT, OFFLINE), merged with those. */
function merge(rows: readonly Counted[], fallback: string) {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const key = row.key ?? fallback;
    totals.set(key, (totals.get(key) ?? 0) + row.count);
  }
  return [...totals].map(([key, count]) => ({ key, count }));
}
