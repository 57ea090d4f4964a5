import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { DEPOSIT_STATUSES, SOLD_STATUSES } from '../../../src/domain/deposit/statuses.ts';
import { DEFAULT_NEGOTIATED_PERCENTAGE } from '../../../src/domain/income/splitIncome.ts';
import type { Database } from '../../db/schema.gen.ts';

/** A period of Paris calendar days, both included; '' leaves that end open. */
export interface Period {
  readonly from: string;
  readonly to: string;
}

/** Vendor, depositors and platform shares of sold items, integer cents. */
export interface Split {
  readonly vendor: number;
  readonly depositors: number;
  readonly platform: number;
}

export interface Sales {
  readonly key: string;
  readonly label: string;
  readonly count: number;
  readonly amount: number;
}

export interface MonthFigures {
  readonly month: string;
  readonly soldCount: number;
  readonly turnover: number;
  readonly split: Split;
}

export interface StatsFigures {
  readonly soldCount: number;
  readonly turnover: number;
  readonly split: Split;
  readonly months: readonly MonthFigures[];
  readonly putOnline: number;
  readonly soldOfPutOnline: number;
  readonly daysToInline: { deposits: number; median: number | null; mean: number | null };
  readonly byChannel: readonly Sales[];
  readonly byCategory: readonly Sales[];
  readonly depositsByStatus: readonly { key: string; count: number }[];
  readonly vendorsByPlan: readonly { key: string; count: number }[];
}

/** Sold items of no channel, or of no category. */
export const UNKNOWN = 'UNKNOWN';
/** Vendors without a running plan. */
export const NO_PLAN = 'NONE';

/** `column` within the period: from the first day's Paris midnight to the one after the last day. */
function within(column: RawBuilder<unknown>, period: Period): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [];
  if (period.from)
    parts.push(
      sql<SqlBool>`${column} >= (${period.from}::date::timestamp at time zone 'Europe/Paris')`,
    );
  if (period.to)
    parts.push(
      sql<SqlBool>`${column} < ((${period.to}::date + 1)::timestamp at time zone 'Europe/Paris')`,
    );
  return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`true`;
}

/** The deposits (alias `d`) in scope: one vendor's, or every one. */
const scoped = (vendor: string | null) =>
  vendor ? sql<SqlBool>`d.vendor = ${vendor}` : sql<SqlBool>`true`;

/** Euros stored as double precision to whole cents, rounding half away from zero (numeric). */
const cents = (euros: RawBuilder<unknown>) => sql`round((${euros})::numeric * 100)::bigint`;

const addMonth = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** `YYYY-MM` of a Paris calendar day. */
function parisMonth(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/**
 * Every figure of the statistics screens for one period, in SQL over the products and deposits in
 * scope (docs/decisions.md, "Statistics"):
 * - sales are sold items (SELL, PAYED, FACTURED) whose sale date falls in the period; each item's
 *   price is split once, in cents, from its stored incomes (the depositors' share, the platform's,
 *   the vendor taking the rest) or, with none stored, by the vendor's negotiated percentage as
 *   splitIncome does; so vendor + depositors + platform is the turnover, item by item;
 * - sell-through is the items put online in the period and how many of those are sold now;
 * - days to INLINE go from a deposit's reception to its going online, for deposits that went
 *   online in the period;
 * - deposits by status count those created in the period; vendors by plan those who joined in it.
 */
export async function statsFigures(
  db: Kysely<Database>,
  options: { period: Period; vendor: string | null; withPlans: boolean; now: Date },
): Promise<StatsFigures> {
  const { period, vendor, withPlans, now } = options;
  const scope = scoped(vendor);
  const sold = sql.join(SOLD_STATUSES.map((s) => sql`${s}`));
  const sales = sql`
    with s as (
      select to_char(p.sell_datetime at time zone 'Europe/Paris', 'YYYY-MM') as month,
        coalesce(p.sell_on::text, ${UNKNOWN}) as channel, p.category,
        ${cents(sql`coalesce(p.selled_price, 0)`)} as price,
        case when p.customer_income is not null then ${cents(sql`p.customer_income`)} end as ci,
        case when p.vendor_income is not null then ${cents(sql`p.vendor_income`)} end as vi,
        ${cents(sql`coalesce(p.provider_income, 0)`)} as pi,
        coalesce(v.negociated_pourcentage_on_price, ${DEFAULT_NEGOTIATED_PERCENTAGE}) as pct
      from product p
      join deposit d on d.uuid = p.deposit
      left join vendor v on v.uuid = d.vendor
      where ${scope} and p.sale_status::text in (${sold}) and p.sell_datetime is not null
        and ${within(sql.ref('p.sell_datetime'), period)}),
    k as (
      select month, channel, category, price,
        case when ci is not null then ci
          when vi is not null then price - vi - pi
          else price - round(price * pct / 100.0)::bigint end as depositors,
        case when ci is null and vi is null then 0 else pi end as platform
      from s)
    select month, channel, category, count(*)::int as n, sum(price)::text as price,
      sum(depositors)::text as depositors, sum(platform)::text as platform
    from k group by month, channel, category`;
  const onlineQuery = sql<{ put: number; sold: number }>`
    select count(*)::int as put,
      (count(*) filter (where p.sale_status::text in (${sold})))::int as sold
    from product p join deposit d on d.uuid = p.deposit
    where ${scope} and p.online_datetime is not null
      and ${within(sql.ref('p.online_datetime'), period)}`;
  const daysQuery = sql<{ n: number; median: number | null; mean: number | null }>`
    with x as (
      select extract(epoch from (d.deposit_completed_datetime - d.received_datetime)) / 86400.0 as days
      from deposit d
      where ${scope} and d.received_datetime is not null and d.deposit_completed_datetime is not null
        and d.deposit_completed_datetime >= d.received_datetime
        and ${within(sql.ref('d.deposit_completed_datetime'), period)})
    select count(*)::int as n,
      round((percentile_cont(0.5) within group (order by days))::numeric, 1)::float8 as median,
      round(avg(days)::numeric, 1)::float8 as mean
    from x`;
  const statusQuery = sql<{ key: string | null; count: number }>`
    select d.status::text as key, count(*)::int as count from deposit d
    where ${scope} and ${within(sql.ref('d.created_at'), period)} group by d.status`;
  const plansQuery = withPlans
    ? sql<{ key: string; count: number }>`
        select coalesce(s.type::text, ${NO_PLAN}) as key, count(*)::int as count
        from vendor v
        left join subscription s on s.uuid = v.subscription and s.status in ('ACTIVE', 'TRIALING')
        where ${within(sql.ref('v.created_at'), period)}
        group by 1 order by 1`.execute(db)
    : Promise.resolve({ rows: [] as { key: string; count: number }[] });

  const [saleRows, online, days, statuses, plans] = await Promise.all([
    (
      sales as RawBuilder<{
        month: string;
        channel: string;
        category: string | null;
        n: number;
        price: string;
        depositors: string;
        platform: string;
      }>
    ).execute(db),
    onlineQuery.execute(db),
    daysQuery.execute(db),
    statusQuery.execute(db),
    plansQuery,
  ]);

  const months = new Map<
    string,
    { n: number; price: number; depositors: number; platform: number }
  >();
  const channels = new Map<string, { n: number; price: number }>();
  const categories = new Map<string, { n: number; price: number }>();
  const total = { n: 0, price: 0, depositors: 0, platform: 0 };
  for (const r of saleRows.rows) {
    const price = Number(r.price);
    const depositors = Number(r.depositors);
    const platform = Number(r.platform);
    const month = r.month;
    const m = months.get(month) ?? { n: 0, price: 0, depositors: 0, platform: 0 };
    months.set(month, {
      n: m.n + r.n,
      price: m.price + price,
      depositors: m.depositors + depositors,
      platform: m.platform + platform,
    });
    for (const [map, key] of [
      [channels, r.channel],
      [categories, r.category ?? UNKNOWN],
    ] as const) {
      const c = map.get(key) ?? { n: 0, price: 0 };
      map.set(key, { n: c.n + r.n, price: c.price + price });
    }
    total.n += r.n;
    total.price += price;
    total.depositors += depositors;
    total.platform += platform;
  }
  const split = (t: { price: number; depositors: number; platform: number }): Split => ({
    vendor: t.price - t.depositors - t.platform,
    depositors: t.depositors,
    platform: t.platform,
  });

  // Months from the period's start (or the first sale's month) to its end (or this month).
  const sortedMonths = [...months.keys()].sort();
  const last = period.to ? period.to.slice(0, 7) : parisMonth(now);
  const first = period.from ? period.from.slice(0, 7) : (sortedMonths[0] ?? last);
  const monthList: MonthFigures[] = [];
  for (let m = first; m <= last; m = addMonth(m, 1)) {
    const f = months.get(m) ?? { n: 0, price: 0, depositors: 0, platform: 0 };
    monthList.push({ month: m, soldCount: f.n, turnover: f.price, split: split(f) });
  }

  const names = categories.size
    ? await sql<{ uuid: string; name: string | null }>`
        select uuid::text as uuid, name from category
        where uuid::text in (${sql.join([...categories.keys()].filter((k) => k !== UNKNOWN).concat(['-']))})`.execute(
        db,
      )
    : { rows: [] };
  const nameOf = new Map(names.rows.map((r) => [r.uuid, r.name ?? '']));
  const bySales = (a: Sales, b: Sales) => b.amount - a.amount || a.key.localeCompare(b.key);
  const statusCount = new Map<string, number>();
  for (const r of statuses.rows) {
    const key = r.key ?? 'DRAFT';
    statusCount.set(key, (statusCount.get(key) ?? 0) + r.count);
  }
  const d = days.rows[0];
  const o = online.rows[0];
  return {
    soldCount: total.n,
    turnover: total.price,
    split: split(total),
    months: monthList,
    putOnline: o?.put ?? 0,
    soldOfPutOnline: o?.sold ?? 0,
    daysToInline: { deposits: d?.n ?? 0, median: d?.median ?? null, mean: d?.mean ?? null },
    byChannel: [...channels]
      .map(([key, c]) => ({ key, label: '', count: c.n, amount: c.price }))
      .sort(bySales),
    byCategory: [...categories]
      .map(([key, c]) => ({ key, label: nameOf.get(key) ?? '', count: c.n, amount: c.price }))
      .sort(bySales),
    depositsByStatus: DEPOSIT_STATUSES.map((key) => ({ key, count: statusCount.get(key) ?? 0 })),
    vendorsByPlan: plans.rows,
  };
}
