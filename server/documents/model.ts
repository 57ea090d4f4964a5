/**
 * What the server's documents are made of, independent of how they are rendered. The invoice and
 * payout services build these from the database; `server/documents/` renders them (PDF, Factur-X).
 * Every amount is integer cents: renderers format, they never compute sums of their own beyond
 * what is given here (the builders check that lines add up to the totals).
 */

export type DocumentLanguage = 'fr' | 'en';

/** A party as printed on a document: a snapshot taken when the document is issued. */
export interface DocumentParty {
  /** A person's full name or a company's name. */
  name: string;
  /** Street lines, postal code, city and ISO 3166-1 alpha-2 country. */
  addressLines: string[];
  postalCode: string;
  city: string;
  countryCode: string;
  email?: string;
  phone?: string;
  /** 14-digit SIRET when the party is a French business. */
  siret?: string;
  /** Intra-community VAT number (FRxx999999999) when it has one. */
  vatNumber?: string;
  /** A business (B2B mentions: the 40 € recovery indemnity) or a private person. */
  isProfessional: boolean;
}

/** How VAT applies to a document, by the issuer's regime. */
export type VatRegime =
  /** Franchise en base: no VAT, mention « TVA non applicable, art. 293 B du CGI ». */
  | { kind: 'FRANCHISE' }
  /** Normal VAT at `ratePercent` (20 for commissions) on every line. */
  | { kind: 'NORMAL'; ratePercent: number }
  /** Margin scheme for second-hand goods (CGI art. 297 A): VAT inside the margin, never shown. */
  | { kind: 'MARGIN' }
  /**
   * Outside the scope of VAT: a consignment statement, where the vendor hands the depositor (a
   * private person) the share of sales made in the depositor's name (C. civ. art. 1984, mandate).
   */
  | { kind: 'OUTSIDE_SCOPE' };

export type InvoiceKind =
  | 'DEPOSIT_CUSTOMER' // a depositor's statement: items sold, their share
  | 'MONTHLY_VENDOR' // the platform's commission billed to the vendor for a period
  | 'PRODUCT_SELL' // an item sold to a buyer
  | 'CREDIT_NOTE'; // corrects an issued invoice, which it names

export interface DocumentLine {
  /** What is billed, in the document's language (item title and reference). */
  label: string;
  quantity: number;
  /** Unit price before tax, in cents. */
  unitPriceCents: number;
  /** quantity × unitPriceCents, before tax. */
  netCents: number;
  /** VAT rate of the line in percent (0 under the franchise or the margin scheme). */
  vatRatePercent: number;
  /** Extra columns a statement shows per item (sale price, commission), already formatted keys. */
  details?: { labelKey: string; cents: number }[];
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  language: DocumentLanguage;
  /** Full number, unbroken per issuer and year, e.g. `F-2026-000042`. */
  number: string;
  issueDate: string; // ISO date YYYY-MM-DD
  dueDate: string; // ISO date
  /** The billed period, for statements and monthly invoices. */
  period?: { start: string; end: string };
  /** For a credit note: the number and date of the invoice it corrects. */
  corrects?: { number: string; issueDate: string };
  seller: DocumentParty;
  buyer: DocumentParty;
  lines: DocumentLine[];
  vat: VatRegime;
  totalNetCents: number;
  totalVatCents: number;
  totalGrossCents: number;
  /** Already paid (e.g. amounts paid out), and what remains due. */
  paidCents: number;
  dueCents: number;
  /** Payment terms text keys are the renderer's; an IBAN to pay to when there is one. */
  payeeIban?: string;
  currency: 'EUR';
}

export type PayoutMethod = 'BANK_TRANSFER' | 'CASH' | 'CHEQUE' | 'STORE_CREDIT';

/** A receipt handed to a depositor when they are paid. */
export interface PayoutReceiptDocument {
  language: DocumentLanguage;
  /** Receipt number, unbroken per vendor and year, e.g. `R-2026-000007`. */
  number: string;
  date: string; // ISO date
  vendor: DocumentParty;
  depositor: DocumentParty;
  method: PayoutMethod;
  chequeNumber?: string;
  /** Masked IBAN for a transfer (FR76 **** **** 1234). */
  ibanMasked?: string;
  memo?: string;
  /** The items paid: title, reference, sale date, depositor's share. */
  items: { label: string; reference: string; soldOn: string; shareCents: number }[];
  totalCents: number;
  /** Balance still owed after this payout. */
  balanceAfterCents: number;
}
