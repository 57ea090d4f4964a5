import {
  ContactWaySchema,
  DepositStatusSchema,
  type Deposit,
} from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import type { Company } from '../../rpc/gen/seconde/v1/company_pb.ts';
import type { Customer } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import {
  InvoiceCategorySchema,
  InvoiceStatusSchema,
  type Invoice,
} from '../../rpc/gen/seconde/v1/invoice_pb.ts';
import { SaleStatusSchema, type Product } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { ProductFamilySchema } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { VendorAvailabilitySchema, type Vendor } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { enumLabel, toMs } from './labels.ts';

/**
 * Plain rows the people screens render: strings, numbers and enum labels only, so views never
 * see a contract message and tests compare plain objects.
 */
export interface CustomerRow {
  readonly uuid: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phoneNumber: string;
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
  readonly depositNumber: number;
  readonly productNumber: number;
  /** Contact way label (PHONE_CALL, EMAIL...) or null. */
  readonly preferedContactWay: string | null;
  /** The language of their documents, 'fr' or 'en'; '' when never set (French). */
  readonly language: string;
  readonly acceptHomeTakeAway: boolean;
  readonly acceptSendPostal: boolean;
  /** In full for the customer and their vendors, masked (with `*`) for anyone else. */
  readonly iban: string;
  /** Always masked: what lists and read-only views show. */
  readonly ibanMasked: string;
  readonly bic: string;
  readonly accountHolder: string;
  readonly rowVersion: number;
}

export interface VendorRow {
  readonly uuid: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phoneNumber: string;
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
  readonly company: string;
  /** AVAILABLE / UNAVAILABLE or null. */
  readonly availability: string | null;
  readonly onTrial: boolean;
  readonly disabled: boolean;
  readonly productNumber: number;
  readonly negotiatedPercentage: number;
}

export interface CompanyRow {
  readonly uuid: string;
  readonly title: string;
  readonly siret: string;
  readonly websiteLink: string;
  readonly taxEligible: boolean;
  readonly negotiatedPercentage: number;
  readonly address: string;
  readonly postalCode: string;
  readonly city: string;
}

export interface DepositRow {
  readonly uuid: string;
  readonly name: string;
  /** Deposit status label (DRAFT ... CANCELED) or null. */
  readonly status: string | null;
  readonly family: string | null;
  readonly productNumber: number;
  readonly createdAt: number | null;
  readonly customerPostalCode: string;
}

export interface ProductRow {
  readonly uuid: string;
  readonly reference: string;
  readonly name: string;
  readonly saleStatus: string | null;
  readonly suggestedPrice: number | null;
  readonly selledPrice: number | null;
  readonly imageUrl: string;
}

export interface InvoiceRow {
  readonly uuid: string;
  readonly number: string;
  readonly category: string | null;
  readonly status: string | null;
  readonly totalPrice: number;
  readonly createdAt: number | null;
  readonly dueDate: number | null;
}

export function customerRow(c: Customer): CustomerRow {
  return {
    uuid: c.uuid,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phoneNumber: c.phoneNumber,
    address: c.address,
    postalCode: c.postalCode,
    city: c.city,
    depositNumber: c.depositNumber,
    productNumber: c.productNumber,
    preferedContactWay: enumLabel(ContactWaySchema, c.preferedContactWay),
    language: c.language,
    acceptHomeTakeAway: c.acceptHomeTakeAway,
    acceptSendPostal: c.acceptSendPostal,
    iban: c.iban,
    ibanMasked: c.ibanMasked,
    bic: c.bic,
    accountHolder: c.accountHolder,
    rowVersion: c.rowVersion,
  };
}

export function vendorRow(v: Vendor): VendorRow {
  return {
    uuid: v.uuid,
    firstName: v.firstName,
    lastName: v.lastName,
    email: v.email,
    phoneNumber: v.phoneNumber,
    address: v.address,
    postalCode: v.postalCode,
    city: v.city,
    company: v.company,
    availability: enumLabel(VendorAvailabilitySchema, v.receiveNewDepositStatus),
    onTrial: v.isOnTrialPeriod,
    disabled: v.disabledDatetime !== undefined,
    productNumber: v.productNumber,
    negotiatedPercentage: v.negociatedPourcentageOnPrice,
  };
}

export function companyRow(c: Company): CompanyRow {
  return {
    uuid: c.uuid,
    title: c.title,
    siret: c.siret,
    websiteLink: c.websiteLink,
    taxEligible: c.taxEligible,
    negotiatedPercentage: c.negociatedPourcentageOnPrice,
    address: c.address,
    postalCode: c.postalCode,
    city: c.city,
  };
}

export function depositRow(d: Deposit): DepositRow {
  return {
    uuid: d.uuid,
    name: d.name,
    status: enumLabel(DepositStatusSchema, d.status),
    family: enumLabel(ProductFamilySchema, d.family),
    productNumber: d.productNumber,
    createdAt: toMs(d.createdAt),
    customerPostalCode: d.customerPostalCode,
  };
}

export function productRow(p: Product): ProductRow {
  return {
    uuid: p.uuid,
    reference: p.reference,
    name: p.name,
    saleStatus: enumLabel(SaleStatusSchema, p.saleStatus),
    suggestedPrice: p.suggestedPrice ?? null,
    selledPrice: p.selledPrice ?? null,
    imageUrl: p.mainImageUrl,
  };
}

export function invoiceRow(i: Invoice): InvoiceRow {
  return {
    uuid: i.uuid,
    number: i.fullInvoiceNumber,
    category: enumLabel(InvoiceCategorySchema, i.category),
    status: enumLabel(InvoiceStatusSchema, i.invoiceStatus),
    totalPrice: i.totalPrice,
    createdAt: toMs(i.createdAt),
    dueDate: toMs(i.dueDate),
  };
}
