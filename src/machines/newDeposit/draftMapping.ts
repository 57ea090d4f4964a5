import type { MessageInitShape } from '@bufbuild/protobuf';
import { ProductFamily } from '../../rpc/gen/seconde/v1/category_pb.ts';
import type { CustomerSchema } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import {
  AgeRange,
  ContactWay,
  DepositRecovery,
  Gamme,
  PreparationStatus,
  Season,
  SellingMode,
  TimeBeforeContact,
  type Deposit,
  type DepositSchema,
} from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import type {
  ContactFields,
  CriteriaFields,
  InfoFields,
} from '../../domain/newDeposit/depositForm.ts';
import type { FormValues } from './newDepositTypes.ts';

/** Generated enums map labels to numbers and back ('PHONE_CALL' <-> 1). */
type Enum = Record<string, string | number>;

export function toEnum(e: Enum, label: string): number {
  const value = label ? e[label] : 0;
  return typeof value === 'number' ? value : 0;
}

export function fromEnum(e: Enum, value: number): string {
  const label = value ? e[value] : '';
  return typeof label === 'string' ? label : '';
}

/** The visitor as the Start call takes them; the address goes along once it is known. */
export function toCustomer(
  contact: ContactFields,
  info: InfoFields | null,
): MessageInitShape<typeof CustomerSchema> {
  const a = info?.address;
  return {
    firstName: contact.firstName.trim(),
    lastName: contact.lastName.trim(),
    email: contact.email.trim(),
    phoneNumber: contact.phoneNumber,
    preferedContactWay: toEnum(ContactWay, contact.preferedContactWay),
    ...(a && {
      address: [a.street, a.complement].filter((s) => s.trim()).join(', '),
      city: a.city,
      postalCode: a.postalCode,
      ...(a.latitude !== null && { latitude: a.latitude }),
      ...(a.longitude !== null && { longitude: a.longitude }),
    }),
  };
}

/** Every deposit field of the form, so one save always carries every step. */
export function toDraft(
  form: FormValues,
  draft: { uuid: string; rowVersion: number } | null,
): MessageInitShape<typeof DepositSchema> {
  const { contact, criteria, info } = form;
  return {
    ...(draft && { uuid: draft.uuid, rowVersion: draft.rowVersion }),
    customerPreferedContactWay: toEnum(ContactWay, contact.preferedContactWay),
    timeBeforeContact: toEnum(TimeBeforeContact, contact.timeBeforeContact),
    family: toEnum(ProductFamily, criteria.family),
    gamme: toEnum(Gamme, criteria.gamme),
    seasons: criteria.seasons.map((s) => toEnum(Season, s)),
    categories: [...criteria.categories],
    brands: [...criteria.brands],
    productNumber: criteria.productNumber ?? 0,
    ageRange: toEnum(AgeRange, criteria.ageRange),
    depositPreparationStatus: toEnum(PreparationStatus, criteria.preparationStatus),
    depositSellingModeStatus: toEnum(SellingMode, criteria.sellingMode),
    depositRecovery: toEnum(DepositRecovery, info.depositRecovery),
    customerAcceptHomeTakeAway: info.acceptHomeTakeAway,
    customerAcceptSendPostal: info.acceptSendPostal,
    description: info.description,
    customerPostalCode: info.address.postalCode.trim(),
  };
}

export function criteriaFromDraft(d: Deposit): CriteriaFields {
  return {
    family: fromEnum(ProductFamily, d.family),
    gamme: fromEnum(Gamme, d.gamme),
    seasons: d.seasons.map((s) => fromEnum(Season, s)).filter(Boolean),
    categories: d.categories,
    brands: d.brands,
    productNumber: d.productNumber || null,
    ageRange: fromEnum(AgeRange, d.ageRange),
    preparationStatus: fromEnum(PreparationStatus, d.depositPreparationStatus),
    sellingMode: fromEnum(SellingMode, d.depositSellingModeStatus),
  };
}

/** The deposit's own info fields over what the browser kept (the address lives on the customer). */
export function infoFromDraft(d: Deposit, kept: InfoFields): InfoFields {
  return {
    ...kept,
    depositRecovery: fromEnum(DepositRecovery, d.depositRecovery) || kept.depositRecovery,
    acceptHomeTakeAway: d.customerAcceptHomeTakeAway,
    acceptSendPostal: d.customerAcceptSendPostal,
    description: d.description || kept.description,
  };
}

export function contactFromDraft(d: Deposit, kept: ContactFields): ContactFields {
  return {
    ...kept,
    preferedContactWay:
      fromEnum(ContactWay, d.customerPreferedContactWay) || kept.preferedContactWay,
    timeBeforeContact: fromEnum(TimeBeforeContact, d.timeBeforeContact) || kept.timeBeforeContact,
  };
}
