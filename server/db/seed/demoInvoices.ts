import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.gen.ts';
import type { DocumentParty, InvoiceDocument } from '../../documents/model.ts';
import type { PlatformIdentity } from '../../services/deps.ts';
import {
  issueInvoice,
  lastDayOf,
  nextNumber,
  totalsOf,
  type Draft,
  type DraftLine,
} from '../../services/invoices/issue.ts';
import {
  loadCustomerParty,
  loadVendorParty,
  PLATFORM_ISSUER,
  platformParty,
  saleVatRegime,
  type VendorParty,
} from '../../services/invoices/parties.ts';
import { parisDay } from '../../../src/domain/calendar.ts';
import { addDays } from '../../../src/domain/dates.ts';
import { formatInvoiceNumber, netOfGross } from '../../../src/domain/invoices/invoiceRules.ts';

const DAY = 24 * 3_600_000;

type Status = 'NOT_PAYED' | 'PAYED' | 'PAYEMENT_CONFIRMED';

/** One demo invoice: what it is, how many days ago it was issued, its total with tax, its status. */
interface DemoInvoice {
  readonly kind: 'statement' | 'commission' | 'sale' | 'subscription';
  readonly daysAgo: number;
  readonly cents: number;
  readonly status: Status;
  readonly vendor: string;
  readonly customer?: string;
}

const ITEMS = [
  'Robe portefeuille en soie',
  'Veste en jean',
  'Manteau en laine',
  'Sac à main en cuir',
  'Pull en cachemire',
  'Bottines en daim',
];

/** `total` in `parts` amounts that add up to it exactly, the first ones carrying the remainder. */
function split(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < total - base * parts ? 1 : 0));
}

/** A buyer of the demo's sale invoice: buyers have no account, so a name on paper. */
const DEMO_BUYER: DocumentParty = {
  name: 'Bruno Acheteur',
  addressLines: ['3 place Bellecour'],
  postalCode: '69002',
  city: 'Lyon',
  countryCode: 'FR',
  email: 'bruno@exemple.fr',
  isProfessional: false,
};

/**
 * Demo invoices issued the way the app issues them: numbered in their issuer's sequence by the
 * invoicing service's own code, oldest first so numbers follow dates, with their lines and the
 * document their PDF is rendered from on first download (never at seed time: every test server
 * seeds the demo). A subscription invoice, which the app does not issue itself, takes the
 * platform's sequence and a one-line document of the same model.
 */
export async function seedDemoInvoices(
  db: Kysely<Database>,
  now: Date,
  platform: PlatformIdentity,
  invoices: readonly DemoInvoice[],
): Promise<string[]> {
  const issued: string[] = [];
  for (const spec of [...invoices].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const created = new Date(now.getTime() - spec.daysAgo * DAY);
    const uuid = await db.transaction().execute(async (trx) => {
      const vendor = (await loadVendorParty(trx, spec.vendor))!;
      const { uuid } =
        spec.kind === 'subscription'
          ? await issueSubscription(trx, platform, vendor, spec.cents, created)
          : await issueInvoice(trx, await draftOf(trx, platform, vendor, spec, created), created);
      if (spec.status !== 'NOT_PAYED')
        await sql`update invoice set invoice_status = ${spec.status},
            invoice_payed_datetime = ${new Date(created.getTime() + DAY)}
          where uuid = ${uuid}`.execute(trx);
      return uuid;
    });
    issued.push(uuid);
  }
  return issued;
}

async function draftOf(
  trx: Kysely<Database>,
  platform: PlatformIdentity,
  vendor: VendorParty,
  spec: DemoInvoice,
  created: Date,
): Promise<Draft> {
  const period = { start: new Date(created.getTime() - 30 * DAY), end: created };
  const common = {
    vendor: vendor.uuid,
    buyer: null,
    product: null,
    vendorParty: vendor.snapshot,
    paymentDays: platform.paymentDays,
  };
  if (spec.kind === 'statement') {
    const customer = (await loadCustomerParty(trx, spec.customer!))!;
    // The depositor's share is 60 % of each sale price.
    const lines = split(spec.cents, 2).map((share, i): DraftLine => {
      const sale = Math.round((share * 100) / 60);
      return {
        label: ITEMS[(spec.daysAgo + i) % ITEMS.length]!,
        quantity: 1,
        unitPriceCents: share,
        netCents: share,
        vatRatePercent: 0,
        salePriceCents: sale,
        commissionCents: sale - share,
      };
    });
    return {
      ...common,
      category: 'DEPOSIT_CUSTOMER',
      issuer: vendor.issuer,
      customer: spec.customer!,
      customerParty: customer.snapshot,
      seller: vendor.document,
      recipient: customer.document,
      language: customer.language,
      period,
      lines,
      vat: { kind: 'OUTSIDE_SCOPE' },
    };
  }
  if (spec.kind === 'sale') {
    const vat = saleVatRegime(vendor, false);
    return {
      ...common,
      category: 'PRODUCT_SELL',
      issuer: vendor.issuer,
      customer: null,
      customerParty: null,
      seller: vendor.document,
      recipient: DEMO_BUYER,
      language: 'fr',
      lines: [
        {
          label: ITEMS[spec.daysAgo % ITEMS.length]!,
          quantity: 1,
          unitPriceCents: spec.cents,
          netCents: spec.cents,
          vatRatePercent: 0,
        },
      ],
      vat,
    };
  }
  const rate = platform.vatRatePercent;
  const lines = split(netOfGross(spec.cents, rate), 3).map((net, i): DraftLine => ({
    label: `Commission – ${ITEMS[(spec.daysAgo + i) % ITEMS.length]!}`,
    quantity: 1,
    unitPriceCents: net,
    netCents: net,
    vatRatePercent: rate,
  }));
  return {
    ...common,
    category: 'MONTHLY_VENDOR',
    issuer: PLATFORM_ISSUER,
    customer: null,
    customerParty: null,
    seller: platformParty(platform),
    recipient: vendor.document,
    language: vendor.language,
    period,
    lines,
    vat: { kind: 'NORMAL', ratePercent: rate },
  };
}

/**
 * The platform's subscription invoice to a vendor (PROVIDER_INVOICE): the next number of the
 * platform's sequence, with the prefix of the platform's invoices to vendors, and one line.
 */
async function issueSubscription(
  trx: Kysely<Database>,
  platform: PlatformIdentity,
  vendor: VendorParty,
  grossCents: number,
  created: Date,
): Promise<{ uuid: string }> {
  const rate = platform.vatRatePercent;
  const net = netOfGross(grossCents, rate);
  const lines: DraftLine[] = [
    {
      label: vendor.language === 'en' ? 'Monthly subscription' : 'Abonnement mensuel',
      quantity: 1,
      unitPriceCents: net,
      netCents: net,
      vatRatePercent: rate,
    },
  ];
  const vat = { kind: 'NORMAL', ratePercent: rate } as const;
  const totals = totalsOf(lines, vat);
  const issueDate = parisDay(created);
  const year = Number(issueDate.slice(0, 4));
  const sequence = await nextNumber(trx, PLATFORM_ISSUER, year);
  const number = formatInvoiceNumber('MONTHLY_VENDOR', year, sequence);
  const dueDate = addDays(issueDate, platform.paymentDays);
  const start = new Date(created.getTime() - 30 * DAY);
  const document: InvoiceDocument = {
    kind: 'MONTHLY_VENDOR',
    language: vendor.language,
    number,
    issueDate,
    dueDate,
    period: { start: parisDay(start), end: lastDayOf(created) },
    seller: platformParty(platform),
    buyer: vendor.document,
    lines: [...lines],
    vat,
    totalNetCents: totals.netCents,
    totalVatCents: totals.vatCents,
    totalGrossCents: totals.grossCents,
    paidCents: 0,
    dueCents: totals.grossCents,
    currency: 'EUR',
  };
  const { rows } = await sql<{ uuid: string }>`
    insert into invoice (category, issuer, invoice_year, invoice_number, full_invoice_number,
      invoice_status, total_cents, total_before_tax_cents, tax_cents, remaining_cents, tax_eligible,
      tax_percent, date_start, date_end, due_date, vendor, vendor_party, lines, document, language,
      created_at, updated_at)
    values ('PROVIDER_INVOICE', ${PLATFORM_ISSUER}, ${year}, ${sequence}, ${number}, 'NOT_PAYED',
      ${totals.grossCents}, ${totals.netCents}, ${totals.vatCents}, ${totals.grossCents}, true,
      ${rate}, ${start}, ${created}, ${new Date(`${dueDate}T12:00:00Z`)}, ${vendor.uuid},
      ${JSON.stringify(vendor.snapshot)}::jsonb, ${JSON.stringify(lines)}::jsonb,
      ${JSON.stringify(document)}::jsonb, ${vendor.language}, ${created}, ${created})
    returning uuid`.execute(trx);
  return rows[0]!;
}

export type { DemoInvoice };
