import type { MessageInitShape } from '@bufbuild/protobuf';
import type { CustomerSchema } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import type { Deposit, DepositSchema } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import {
  isFrenchAddress,
  type ContactFields,
  type CriteriaFields,
  type InfoFields,
} from '../../domain/newDeposit/depositForm.ts';
import {
  FORM_ENUMS,
  criteriaOfDeposit,
  fromEnum,
  toEnum,
} from '../../domain/newDeposit/depositEnums.ts';
import type { FormValues } from './newDepositTypes.ts';

export { fromEnum, toEnum };

const E = FORM_ENUMS;

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
    preferedContactWay: toEnum(E.contactWay, contact.preferedContactWay),
    ...(a && {
      address: [a.street, a.complement].filter((s) => s.trim()).join(', '),
      city: a.city,
      postalCode: a.postalCode,
      ...(a.latitude !== null && { latitude: a.latitude }),
      ...(a.longitude !== null && { longitude: a.longitude }),
    }),
  };
}

/**
 * A French street typed by hand rather than picked among the address service's proposals (it was
 * down or too slow): the deposit says so, for staff to check.
 */
export function isAddressTyped(form: Pick<FormValues, 'info' | 'addressPicked'>): boolean {
  const { address } = form.info;
  return isFrenchAddress(address.country) && address.street.trim() !== '' && !form.addressPicked;
}

/** Every deposit field of the form, so one save always carries every step. */
export function toDraft(
  form: FormValues,
  draft: { uuid: string; rowVersion: number } | null,
): MessageInitShape<typeof DepositSchema> {
  const { contact, criteria, info } = form;
  return {
    ...(draft && { uuid: draft.uuid, rowVersion: draft.rowVersion }),
    customerPreferedContactWay: toEnum(E.contactWay, contact.preferedContactWay),
    timeBeforeContact: toEnum(E.timeBeforeContact, contact.timeBeforeContact),
    family: toEnum(E.family, criteria.family),
    gamme: toEnum(E.gamme, criteria.gamme),
    seasons: criteria.seasons.map((s) => toEnum(E.season, s)),
    categories: [...criteria.categories],
    brands: [...criteria.brands],
    productNumber: criteria.productNumber ?? 0,
    ageRange: toEnum(E.ageRange, criteria.ageRange),
    depositPreparationStatus: toEnum(E.preparation, criteria.preparationStatus),
    depositSellingModeStatus: toEnum(E.selling, criteria.sellingMode),
    depositRecovery: toEnum(E.recovery, info.depositRecovery),
    customerAcceptHomeTakeAway: info.acceptHomeTakeAway,
    customerAcceptSendPostal: info.acceptSendPostal,
    description: info.description,
    customerPostalCode: info.address.postalCode.trim(),
    isAddressTyped: isAddressTyped(form),
  };
}

export function criteriaFromDraft(d: Deposit): CriteriaFields {
  return criteriaOfDeposit(d, 'read');
}

/** The deposit's own info fields over what the browser kept (the address lives on the customer). */
export function infoFromDraft(d: Deposit, kept: InfoFields): InfoFields {
  return {
    ...kept,
    depositRecovery: fromEnum(E.recovery, d.depositRecovery) || kept.depositRecovery,
    acceptHomeTakeAway: d.customerAcceptHomeTakeAway,
    acceptSendPostal: d.customerAcceptSendPostal,
    description: d.description || kept.description,
  };
}

export function contactFromDraft(d: Deposit, kept: ContactFields): ContactFields {
  return {
    ...kept,
    preferedContactWay:
      fromEnum(E.contactWay, d.customerPreferedContactWay) || kept.preferedContactWay,
    timeBeforeContact: fromEnum(E.timeBeforeContact, d.timeBeforeContact) || kept.timeBeforeContact,
  };
}
