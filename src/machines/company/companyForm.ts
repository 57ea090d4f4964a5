import {
  COMPANY_REASON_FIELD,
  companyProblems,
  invoiceAddress,
  type CompanyField,
  type CompanyReason,
  type PostalAddress,
} from '../../domain/company/companyRules.ts';

/** The company as the screen knows it (a Company message, narrowed). */
export interface CompanyRecord {
  readonly uuid: string;
  readonly rowVersion: number;
  readonly title: string;
  readonly siret: string;
  readonly websiteLink: string;
  readonly taxEligible: boolean;
  readonly negociatedPourcentageOnPrice: number;
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
  readonly useVendorAddressAsFacturationAddress: boolean;
  /** The stored proof of registration's key; empty when none was uploaded. */
  readonly proofRegistration: string;
}

/** The form's values: texts as typed (the percentage too), switches as booleans. */
export type CompanyDraft = {
  readonly [F in CompanyField]: F extends 'taxEligible' | 'useVendorAddressAsFacturationAddress'
    ? boolean
    : string;
};

/** Text fields in form order: the first refused one gets the focus. */
export const COMPANY_TEXT_FIELDS = [
  'title',
  'siret',
  'websiteLink',
  'negociatedPourcentageOnPrice',
  'address',
  'postalCode',
  'city',
] as const satisfies readonly CompanyField[];

/** A new company's negotiated percentage: the vendor's own default (2-business-data.md §3). */
export const DEFAULT_PERCENTAGE = 20;

export function emptyDraft(): CompanyDraft {
  return {
    title: '',
    siret: '',
    websiteLink: '',
    taxEligible: false,
    negociatedPourcentageOnPrice: String(DEFAULT_PERCENTAGE),
    address: '',
    postalCode: '',
    city: '',
    useVendorAddressAsFacturationAddress: false,
  };
}

export function draftOf(r: CompanyRecord): CompanyDraft {
  return { ...r, negociatedPourcentageOnPrice: String(r.negociatedPourcentageOnPrice) };
}

/** The typed percentage as a number; anything but a whole number is NaN, which the rules refuse. */
export function percentageOf(text: string): number {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN;
}

/** The refused fields of a draft, each with its reason, by the rules the server applies. */
export function draftProblems(draft: CompanyDraft): Partial<Record<CompanyField, CompanyReason>> {
  const problems = companyProblems({
    ...draft,
    negociatedPourcentageOnPrice: percentageOf(draft.negociatedPourcentageOnPrice),
  });
  return Object.fromEntries(problems.map((reason) => [COMPANY_REASON_FIELD[reason], reason]));
}

/** The field a server reason names, when it names one. */
export function fieldOfReason(reason: string | undefined): CompanyField | null {
  return reason !== undefined && Object.hasOwn(COMPANY_REASON_FIELD, reason)
    ? COMPANY_REASON_FIELD[reason as CompanyReason]
    : null;
}

/** The first refused field in form order. */
export function firstField(errors: Partial<Record<CompanyField, unknown>>): CompanyField | null {
  return COMPANY_TEXT_FIELDS.find((f) => errors[f] !== undefined) ?? null;
}

/** Where invoices will be sent with this draft: the company's address or the vendor's. */
export function draftInvoiceAddress(draft: CompanyDraft, vendor: PostalAddress) {
  return invoiceAddress(draft, vendor);
}
