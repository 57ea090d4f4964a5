import type { FieldError } from '../../domain/newDeposit/depositForm.ts';

/** `PHONE_CALL` → `phoneCall`: the item of a choice's translation key. */
function camel(label: string): string {
  return label.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** Translation key of one choice of an enum shown by the form. */
export function choiceKey(area: string, label: string): string {
  return `${area}.${AGE_KEYS[label] && area === 'newDepositAge' ? AGE_KEYS[label] : camel(label)}`;
}

/** Age labels carry digits, which keys do not. */
const AGE_KEYS: Readonly<Record<string, string>> = {
  NOT_SORTED: 'notSorted',
  BABY_0_24_MONTHS: 'baby',
  CHILD_2_10: 'child',
  ADOLESCENT_11_17: 'adolescent',
  YOUNG_ADULT_18_25: 'youngAdult',
  ADULT_25_45: 'adult',
  ADULT_45_AND_OVER: 'senior',
};

export function errorKey(error: FieldError): string {
  return `newDepositError.${error}`;
}
