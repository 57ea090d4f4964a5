import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import type { DocumentLanguage, DocumentParty, VatRegime } from '../../documents/model.ts';
import type { PlatformIdentity } from '../deps.ts';

type Text = string | null;

/** The legacy party snapshot of the invoice row (vendor_party, customer_party): InvoiceParty. */
export interface PartySnapshot {
  first_name: string;
  last_name: string;
  email: string;
  postal_code: string;
  phone_number: string;
  address: string;
  city: string;
}

/** A party as an invoice names it: who they are on paper, their snapshot and their language. */
export interface InvoiceParty {
  readonly document: DocumentParty;
  readonly snapshot: PartySnapshot;
  readonly language: DocumentLanguage;
}

export const languageOf = (value: Text | undefined): DocumentLanguage =>
  value === 'en' ? 'en' : 'fr';

const clean = (value: Text | undefined) => (value ?? '').trim();

/** The columns every party's row has: a person's name, contacts and address. */
interface PersonRow {
  first_name: Text;
  last_name: Text;
  email: Text;
  phone_number: Text;
  address: Text;
  city: Text;
  postal_code: Text;
}

function snapshot(row: Partial<PersonRow>): PartySnapshot {
  return {
    first_name: clean(row.first_name),
    last_name: clean(row.last_name),
    email: clean(row.email),
    postal_code: clean(row.postal_code),
    phone_number: clean(row.phone_number),
    address: clean(row.address),
    city: clean(row.city),
  };
}

const fullName = (row: { first_name?: Text; last_name?: Text }) =>
  [clean(row.first_name), clean(row.last_name)].filter(Boolean).join(' ');

const optional = (key: 'email' | 'phone' | 'siret' | 'vatNumber', value: Text | undefined) =>
  clean(value) ? { [key]: clean(value) } : {};

/** The intra-community VAT number of a French SIREN: FR, the key (12 + 3 × (SIREN mod 97)) mod 97. */
export function frenchVatNumber(siret: Text | undefined): string | undefined {
  const siren = clean(siret).replace(/\s/g, '').slice(0, 9);
  if (!/^\d{9}$/.test(siren)) return undefined;
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return `FR${String(key).padStart(2, '0')}${siren}`;
}

interface VendorRow extends PersonRow {
  uuid: string;
  language: Text;
  is_self_employed: boolean;
  company: Text;
  title: Text;
  siret: Text;
  tax_eligible: boolean | null;
  company_address: Text;
  company_city: Text;
  company_postal_code: Text;
  use_vendor_address: boolean | null;
}

/** A vendor as an issuer (statements, sale invoices) or a recipient (commission invoices). */
export interface VendorParty extends InvoiceParty {
  readonly uuid: string;
  /** The number sequence their documents take: their company's when they have one. */
  readonly issuer: string;
  /** Liable to VAT (their company says so). */
  readonly vatLiable: boolean;
  readonly selfEmployed: boolean;
}

export async function loadVendorParty(
  db: Kysely<Database>,
  vendor: string,
): Promise<VendorParty | undefined> {
  const { rows } = await sql<VendorRow>`
    select v.uuid, v.first_name, v.last_name, v.email, v.phone_number, v.address, v.city,
      v.postal_code, v.language, v.is_self_employed, v.company, c.title, c.siret, c.tax_eligible,
      c.address as company_address, c.city as company_city, c.postal_code as company_postal_code,
      c.use_vendor_address_as_facturation_address as use_vendor_address
    from vendor v left join company c on c.uuid = v.company
    where v.uuid = ${vendor}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const hasCompany = Boolean(row.company);
  // The company's address is the invoicing address unless the company says to use the vendor's.
  const companyAddress = hasCompany && !row.use_vendor_address && clean(row.company_address);
  const address = companyAddress
    ? {
        address: row.company_address,
        postal_code: row.company_postal_code,
        city: row.company_city,
      }
    : { address: row.address, postal_code: row.postal_code, city: row.city };
  const vatLiable = hasCompany && row.tax_eligible === true;
  return {
    uuid: row.uuid,
    issuer: hasCompany ? `company:${row.company}` : `vendor:${row.uuid}`,
    vatLiable,
    selfEmployed: row.is_self_employed,
    language: languageOf(row.language),
    snapshot: snapshot({ ...row, ...address }),
    document: {
      name: (hasCompany && clean(row.title)) || fullName(row) || clean(row.email),
      addressLines: clean(address.address) ? [clean(address.address)] : [],
      postalCode: clean(address.postal_code),
      city: clean(address.city),
      countryCode: 'FR',
      ...optional('email', row.email),
      ...optional('phone', row.phone_number),
      ...optional('siret', hasCompany ? row.siret : null),
      ...(vatLiable ? optional('vatNumber', frenchVatNumber(row.siret) ?? null) : {}),
      isProfessional: hasCompany || row.is_self_employed,
    },
  };
}

/**
 * The VAT regime of a vendor's sale (docs/decisions.md, "Invoices"): a company liable to VAT
 * charges it on the whole price of an item marked tax-eligible, and sells every other item under
 * the margin scheme for second-hand goods (CGI art. 297 A); a self-employed vendor outside VAT is
 * under the franchise (CGI art. 293 B); without anything set, the margin scheme.
 */
export function saleVatRegime(vendor: VendorParty, productTaxEligible: boolean): VatRegime {
  if (vendor.vatLiable)
    return productTaxEligible ? { kind: 'NORMAL', ratePercent: 20 } : { kind: 'MARGIN' };
  if (vendor.selfEmployed) return { kind: 'FRANCHISE' };
  return { kind: 'MARGIN' };
}

/** A depositor, the recipient of their statement. */
export async function loadCustomerParty(
  db: Kysely<Database>,
  customer: string,
): Promise<InvoiceParty | undefined> {
  const { rows } = await sql<
    PersonRow & { company_name: Text; language: Text; supplier_taxe_profil: Text }
  >`
    select first_name, last_name, email, phone_number, address, city, postal_code, company_name,
      language, supplier_taxe_profil::text as supplier_taxe_profil
    from customer where uuid = ${customer}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    language: languageOf(row.language),
    snapshot: snapshot(row),
    document: {
      name: clean(row.company_name) || fullName(row) || clean(row.email),
      addressLines: clean(row.address) ? [clean(row.address)] : [],
      postalCode: clean(row.postal_code),
      city: clean(row.city),
      countryCode: 'FR',
      ...optional('email', row.email),
      ...optional('phone', row.phone_number),
      isProfessional: row.supplier_taxe_profil === 'PROFESSIONAL',
    },
  };
}

/** A buyer, the recipient of a sale invoice; buyers have no language, so French. */
export async function loadBuyerParty(
  db: Kysely<Database>,
  buyer: string,
): Promise<InvoiceParty | undefined> {
  const { rows } = await sql<
    PersonRow & { address_complement: Text; is_business: boolean; country_code: Text }
  >`
    select first_name, last_name, email, phone_number, address, address_complement, city,
      postal_code, is_business, country_code
    from buyer where uuid = ${buyer}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const country = clean(row.country_code).toUpperCase();
  return {
    language: 'fr',
    snapshot: snapshot(row),
    document: {
      name: fullName(row) || clean(row.email),
      addressLines: [clean(row.address), clean(row.address_complement)].filter(Boolean),
      postalCode: clean(row.postal_code),
      city: clean(row.city),
      countryCode: /^[A-Z]{2}$/.test(country) ? country : 'FR',
      ...optional('email', row.email),
      ...optional('phone', row.phone_number),
      isProfessional: row.is_business,
    },
  };
}

/** The platform as the issuer of commission invoices. */
export function platformParty(platform: PlatformIdentity): DocumentParty {
  return {
    name: platform.name,
    addressLines: [...platform.addressLines],
    postalCode: platform.postalCode,
    city: platform.city,
    countryCode: platform.countryCode,
    ...(platform.email ? { email: platform.email } : {}),
    siret: platform.siret,
    vatNumber: platform.vatNumber,
    isProfessional: true,
  };
}

/** The issuer key of the platform's own sequence. */
export const PLATFORM_ISSUER = 'platform';
