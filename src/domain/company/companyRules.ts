import { isValidSiret, normaliseSiret } from './siret.ts';

/** The company fields the form edits and the rules check, named as in the Company contract. */
export type CompanyField =
  | 'title'
  | 'siret'
  | 'websiteLink'
  | 'taxEligible'
  | 'negociatedPourcentageOnPrice'
  | 'address'
  | 'postalCode'
  | 'city'
  | 'useVendorAddressAsFacturationAddress';

/** Stable reasons the server refuses a company with; each names one field. */
export const COMPANY_REASON_FIELD = {
  COMPANY_TITLE_REQUIRED: 'title',
  SIRET_INVALID: 'siret',
  WEBSITE_INVALID: 'websiteLink',
  PERCENTAGE_INVALID: 'negociatedPourcentageOnPrice',
} as const satisfies Record<string, CompanyField>;

export type CompanyReason = keyof typeof COMPANY_REASON_FIELD;

/** What the rules read of a company. */
export interface CompanyInput {
  readonly title: string;
  readonly siret: string;
  readonly websiteLink: string;
  readonly negociatedPourcentageOnPrice: number;
}

/** An empty website is allowed; a given one must be an absolute http(s) address. */
export function isWebsite(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** What is wrong with a company, in form order (the first one gets the focus). */
export function companyProblems(c: CompanyInput): CompanyReason[] {
  const problems: CompanyReason[] = [];
  if (c.title.trim() === '') problems.push('COMPANY_TITLE_REQUIRED');
  if (!isValidSiret(c.siret)) problems.push('SIRET_INVALID');
  if (!isWebsite(c.websiteLink)) problems.push('WEBSITE_INVALID');
  const p = c.negociatedPourcentageOnPrice;
  if (!Number.isInteger(p) || p < 0 || p > 100) problems.push('PERCENTAGE_INVALID');
  return problems;
}

/** The company as stored: trimmed texts, the SIRET without spaces. */
export function normaliseCompany<C extends CompanyInput>(c: C): C {
  return {
    ...c,
    title: c.title.trim(),
    siret: normaliseSiret(c.siret),
    websiteLink: c.websiteLink.trim(),
  };
}

export interface PostalAddress {
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
}

/**
 * The address invoices carry: the company's postal address, or the vendor's when the company asks
 * for it (useVendorAddressAsFacturationAddress) or has no address of its own.
 */
export function invoiceAddress(
  company: PostalAddress & { readonly useVendorAddressAsFacturationAddress: boolean },
  vendor: PostalAddress,
): { readonly source: 'company' | 'vendor'; readonly address: PostalAddress } {
  const own = [company.address, company.postalCode, company.city].some((v) => v.trim() !== '');
  if (own && !company.useVendorAddressAsFacturationAddress)
    return {
      source: 'company',
      address: { address: company.address, postalCode: company.postalCode, city: company.city },
    };
  return {
    source: 'vendor',
    address: { address: vendor.address, postalCode: vendor.postalCode, city: vendor.city },
  };
}
