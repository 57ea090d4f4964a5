import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { maskIban } from '../../../src/domain/bank/iban.ts';
import {
  isExcludedSeller,
  missingSellerData,
  quarterOfMonth,
  vatOnFees,
  type Dac7Missing,
} from '../../../src/domain/dac7/dac7Rules.ts';
import { frenchVatNumber } from '../invoices/parties.ts';

export interface QuarterTotals {
  consideration: number;
  sales: number;
  fees: number;
  taxes: number;
}

/** One seller of the storefront for a year, as the report and the check see them. */
export interface SellerYear {
  readonly key: string;
  readonly kind: 'INDIVIDUAL' | 'ENTITY';
  readonly vendor: string;
  readonly company: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly name: string;
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
  readonly countryCode: string;
  readonly tin: string;
  readonly birthDate: string;
  readonly birthPlace: string;
  readonly registrationNumber: string;
  readonly vatNumber: string;
  /** In full: only the XML carries it; screens get `ibanMasked`. */
  readonly iban: string;
  readonly ibanMasked: string;
  readonly accountHolder: string;
  readonly quarters: readonly QuarterTotals[];
  readonly total: QuarterTotals;
  readonly reportable: boolean;
  readonly missing: readonly Dac7Missing[];
}

interface SaleMonth {
  vendor: string;
  company: string | null;
  month: number;
  sales: number;
  price_cents: string;
  fee_cents: string;
}

interface VendorRow {
  uuid: string;
  company: string | null;
  first_name: string | null;
  last_name: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  country_code: string | null;
  tax_identification_number: string | null;
  birth_date: string | null;
  birth_place: string | null;
  iban: string | null;
  account_holder: string | null;
  is_company_admin: boolean;
  company_title: string | null;
  siret: string | null;
  company_address: string | null;
  company_postal_code: string | null;
  company_city: string | null;
  use_vendor_address: boolean | null;
  tax_eligible: boolean | null;
}

const text = (value: string | null | undefined) => (value ?? '').trim();

/**
 * The storefront's sales of a Paris calendar year, per vendor and month: items sold through a
 * confirmed storefront reservation (sold on WEBSITE, still sold, paid or invoiced: a sale taken
 * back is no sale), each item once, dated when the buyer's payment was recorded (the DPI schema
 * counts the quarter the consideration was paid or credited), else when the sale was confirmed;
 * prices and the platform's commission in whole cents.
 */
async function salesByMonth(db: Kysely<Database>, year: number): Promise<SaleMonth[]> {
  const start = `${year}-01-01 00:00:00`;
  const end = `${year + 1}-01-01 00:00:00`;
  const { rows } = await sql<SaleMonth>`
    with sold as (
      select distinct on (p.uuid) p.uuid, r.vendor,
        round(coalesce(p.selled_price, 0)::numeric * 100)::bigint as price_cents,
        round(coalesce(p.provider_income, 0)::numeric * 100)::bigint as fee_cents,
        extract(month from coalesce(p.payed_datetime, p.sell_datetime) at time zone 'Europe/Paris')::int
          as month
      from storefront_reservation r
      join product p on p.uuid = r.product
      where r.status = 'CONFIRMED' and p.sell_on = 'WEBSITE'
        and p.sale_status in ('SELL', 'PAYED', 'FACTURED')
        and coalesce(p.payed_datetime, p.sell_datetime)
          >= (${start}::timestamp at time zone 'Europe/Paris')
        and coalesce(p.payed_datetime, p.sell_datetime)
          < (${end}::timestamp at time zone 'Europe/Paris')
      order by p.uuid, r.decided_at desc nulls last
    )
    select s.vendor, v.company, s.month, count(*)::int as sales,
      sum(s.price_cents)::text as price_cents, sum(s.fee_cents)::text as fee_cents
    from sold s join vendor v on v.uuid = s.vendor
    group by s.vendor, v.company, s.month`.execute(db);
  return rows;
}

async function vendorRows(db: Kysely<Database>, uuids: readonly string[]): Promise<VendorRow[]> {
  if (uuids.length === 0) return [];
  const { rows } = await sql<VendorRow>`
    select v.uuid, v.company, v.first_name, v.last_name, v.address, v.postal_code, v.city,
      c.code as country_code, v.tax_identification_number,
      to_char(v.birth_date, 'YYYY-MM-DD') as birth_date, v.birth_place, v.iban, v.account_holder,
      v.is_company_admin, co.title as company_title, co.siret, co.address as company_address,
      co.postal_code as company_postal_code, co.city as company_city,
      co.use_vendor_address_as_facturation_address as use_vendor_address, co.tax_eligible
    from vendor v
    left join country c on c.uuid = v.country
    left join company co on co.uuid = v.company
    where v.uuid = any(${[...uuids]}::uuid[]) or v.company in (
      select company from vendor where uuid = any(${[...uuids]}::uuid[]) and company is not null)
    order by v.is_company_admin desc, v.created_at, v.uuid`.execute(db);
  return rows;
}

const zero = (): QuarterTotals => ({ consideration: 0, sales: 0, fees: 0, taxes: 0 });

function add(into: QuarterTotals, from: QuarterTotals): void {
  into.consideration += from.consideration;
  into.sales += from.sales;
  into.fees += from.fees;
  into.taxes += from.taxes;
}

/** A person: the vendor's own identity and the data saved for the report. */
function individual(
  v: VendorRow,
): Omit<SellerYear, 'quarters' | 'total' | 'reportable' | 'missing'> {
  const iban = text(v.iban);
  return {
    key: `vendor:${v.uuid}`,
    kind: 'INDIVIDUAL',
    vendor: v.uuid,
    company: '',
    firstName: text(v.first_name),
    lastName: text(v.last_name),
    name: `${text(v.first_name)} ${text(v.last_name)}`.trim(),
    address: text(v.address),
    postalCode: text(v.postal_code),
    city: text(v.city),
    countryCode: text(v.country_code).toUpperCase() || 'FR',
    tin: text(v.tax_identification_number),
    birthDate: text(v.birth_date),
    birthPlace: text(v.birth_place),
    registrationNumber: '',
    vatNumber: '',
    iban,
    ibanMasked: iban ? maskIban(iban) : '',
    accountHolder: text(v.account_holder),
  };
}

/**
 * A company: its legal name, its invoicing address (its own unless it uses the vendor's), its
 * SIREN as TIN and SIRET as registration number, and the first account on file among its vendors
 * (the administrator's first).
 */
function entity(
  vendors: readonly VendorRow[],
): Omit<SellerYear, 'quarters' | 'total' | 'reportable' | 'missing'> {
  const first = vendors[0]!;
  const own = !first.use_vendor_address && Boolean(text(first.company_address));
  const siret = text(first.siret).replace(/\s+/g, '');
  const paid = vendors.find((v) => text(v.iban)) ?? first;
  const iban = text(paid.iban);
  return {
    key: `company:${first.company}`,
    kind: 'ENTITY',
    vendor: first.uuid,
    company: first.company ?? '',
    firstName: '',
    lastName: '',
    name: text(first.company_title),
    address: own ? text(first.company_address) : text(first.address),
    postalCode: own ? text(first.company_postal_code) : text(first.postal_code),
    city: own ? text(first.company_city) : text(first.city),
    countryCode: text(first.country_code).toUpperCase() || 'FR',
    tin: /^\d{14}$/.test(siret) ? siret.slice(0, 9) : '',
    birthDate: '',
    birthPlace: '',
    registrationNumber: siret,
    vatNumber: first.tax_eligible ? (frenchVatNumber(siret) ?? '') : '',
    iban,
    ibanMasked: iban ? maskIban(iban) : '',
    accountHolder: text(paid.account_holder),
  };
}

/**
 * Every seller of the storefront in `year` with quarterly totals, whether the thresholds make
 * them reportable, and what a reportable one still lacks. A company's vendors are one seller.
 */
export async function sellersOfYear(
  db: Kysely<Database>,
  year: number,
  vatRatePercent: number,
): Promise<SellerYear[]> {
  const months = await salesByMonth(db, year);
  const vendors = await vendorRows(db, [...new Set(months.map((m) => m.vendor))]);
  const byKey = new Map<
    string,
    { quarters: QuarterTotals[]; vendor: string; company: string | null }
  >();
  for (const m of months) {
    const key = m.company ? `company:${m.company}` : `vendor:${m.vendor}`;
    const seller = byKey.get(key) ?? {
      quarters: [zero(), zero(), zero(), zero()],
      vendor: m.vendor,
      company: m.company,
    };
    const q = seller.quarters[quarterOfMonth(m.month) - 1]!;
    add(q, {
      consideration: Number(m.price_cents),
      sales: m.sales,
      fees: Number(m.fee_cents),
      taxes: 0,
    });
    byKey.set(key, seller);
  }
  const sellers: SellerYear[] = [];
  for (const seller of byKey.values()) {
    for (const q of seller.quarters) q.taxes = vatOnFees(q.fees, vatRatePercent);
    const total = zero();
    for (const q of seller.quarters) add(total, q);
    const identity = seller.company
      ? entity(vendors.filter((v) => v.company === seller.company))
      : individual(vendors.find((v) => v.uuid === seller.vendor)!);
    const reportable = !isExcludedSeller(total.sales, total.consideration);
    sellers.push({
      ...identity,
      quarters: seller.quarters,
      total,
      reportable,
      missing: reportable ? missingSellerData(identity) : [],
    });
  }
  return sellers.sort((a, b) => a.name.localeCompare(b.name, 'fr') || a.key.localeCompare(b.key));
}
