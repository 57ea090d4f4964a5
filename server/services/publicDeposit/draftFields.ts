import { Code } from '@connectrpc/connect';
import type { Deposit } from '../../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import type { Customer } from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  describeErrors,
  hasErrors,
  MAX_DESCRIPTION,
  MAX_TEXT,
  MAX_ITEMS,
  validateCriteria,
  validatePerson,
  RECOVERY_MODES,
  TIMES_BEFORE_CONTACT,
  CONTACT_WAYS,
  type FieldErrors,
} from '../../../src/domain/newDeposit/depositForm.ts';
import {
  FORM_ENUMS as enums,
  criteriaOfDeposit,
  fromEnum,
  type Enum,
} from '../../../src/domain/newDeposit/depositEnums.ts';
import { fail } from '../../rpc/reasons.ts';

/** The deposit columns the public form may write; status, vendor and the rest stay untouched. */
export const DRAFT_COLUMNS = [
  'family',
  'gamme',
  'seasons',
  'categories',
  'brands',
  'product_number',
  'age_range',
  'deposit_preparation_status',
  'deposit_selling_mode_status',
  'deposit_recovery',
  'customer_accept_home_take_away',
  'customer_accept_send_postal',
  'is_okay_to_send_by_post',
  'description',
  'customer_postal_code',
  'customer_prefered_contact_way',
  'time_before_contact',
  'is_address_typed',
] as const;

/** The label the database stores ('PHONE_CALL'); '' for unset, '?' for a number the enum lacks. */
function label(e: Enum, value: number): string {
  return fromEnum(e, value, '?');
}

function refuse(errors: FieldErrors, what: string): never {
  throw fail(
    Code.InvalidArgument,
    'INVALID_ARGUMENT',
    `Invalid ${what}: ${describeErrors(errors)}`,
  );
}

/** A value given must be valid; a value left unset is fine, since a draft fills up step by step. */
export function checkDraftValues(d: Deposit): void {
  const all = validateCriteria(criteriaOfDeposit(d, 'check'));
  const errors: FieldErrors = {};
  for (const [field, error] of Object.entries(all)) {
    if (error === 'required' || error === 'atLeastOne') continue;
    errors[field] = error;
  }
  if (d.productNumber < 0 || d.productNumber > MAX_ITEMS) errors.productNumber = 'outOfRange';
  const recovery = label(enums.recovery, d.depositRecovery);
  if (recovery && !(RECOVERY_MODES as readonly string[]).includes(recovery))
    errors.depositRecovery = 'invalidChoice';
  const contactWay = label(enums.contactWay, d.customerPreferedContactWay);
  if (contactWay && !(CONTACT_WAYS as readonly string[]).includes(contactWay))
    errors.preferedContactWay = 'invalidChoice';
  const time = label(enums.timeBeforeContact, d.timeBeforeContact);
  if (time && !(TIMES_BEFORE_CONTACT as readonly string[]).includes(time))
    errors.timeBeforeContact = 'invalidChoice';
  if (d.description.length > MAX_DESCRIPTION) errors.description = 'tooLong';
  if (d.customerPostalCode.length > 12) errors.postalCode = 'tooLong';
  if (new Set(d.seasons).size !== d.seasons.length) errors.seasons = 'invalidChoice';
  if (hasErrors(errors)) refuse(errors, 'draft');
}

/** What Submit needs: every criteria field, the recovery mode, the time before contact, a postal code. */
export function checkDraftComplete(d: Deposit): void {
  const errors: FieldErrors = { ...validateCriteria(criteriaOfDeposit(d, 'check')) };
  if (!label(enums.recovery, d.depositRecovery)) errors.depositRecovery = 'required';
  if (!label(enums.timeBeforeContact, d.timeBeforeContact)) errors.timeBeforeContact = 'required';
  if (!d.customerPostalCode.trim()) errors.postalCode = 'required';
  if (hasErrors(errors)) refuse(errors, 'deposit request');
}

/** The contact of Start: the person's fields, and an address that is sane when given. */
export function checkContact(c: Customer): void {
  const errors: FieldErrors = {
    ...validatePerson({
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phoneNumber: c.phoneNumber,
      preferedContactWay: label(enums.contactWay, c.preferedContactWay),
    }),
  };
  for (const [field, value] of [
    ['address', c.address],
    ['city', c.city],
  ] as const) {
    if (value.length > MAX_TEXT) errors[field] = 'tooLong';
  }
  if (c.postalCode.length > 12) errors.postalCode = 'tooLong';
  if (c.latitude !== undefined && (c.latitude < -90 || c.latitude > 90))
    errors.latitude = 'outOfRange';
  if (c.longitude !== undefined && (c.longitude < -180 || c.longitude > 180))
    errors.longitude = 'outOfRange';
  if (hasErrors(errors)) refuse(errors, 'contact');
}
