/**
 * The new-deposit form's fields as the contract's deposit holds them: the generated enums turn the
 * form's labels ('PHONE_CALL') into numbers and back. Shared by the browser (which fills a draft
 * and reads it back) and the server (which judges a draft with the rules of depositForm.ts).
 */
import { ProductFamily } from '../../rpc/gen/seconde/v1/category_pb.ts';
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
} from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import type { CriteriaFields } from './depositForm.ts';

/** Generated enums map labels to numbers and back ('PHONE_CALL' <-> 1). */
export type Enum = Record<string, string | number>;

/** The enum of each form field that holds one. */
export const FORM_ENUMS = {
  family: ProductFamily,
  gamme: Gamme,
  season: Season,
  ageRange: AgeRange,
  preparation: PreparationStatus,
  selling: SellingMode,
  recovery: DepositRecovery,
  contactWay: ContactWay,
  timeBeforeContact: TimeBeforeContact,
} as const satisfies Record<string, Enum>;

/** The number of a label; 0 (unset) for '' or a label the enum lacks. */
export function toEnum(e: Enum, label: string): number {
  const value = label ? e[label] : 0;
  return typeof value === 'number' ? value : 0;
}

/** The label of a number: '' for 0 (unset), `unknown` for a number the enum lacks. */
export function fromEnum(e: Enum, value: number, unknown = ''): string {
  const label = value ? e[value] : '';
  return typeof label === 'string' ? label : unknown;
}

/**
 * The criteria step as a deposit holds it. `check` (the server judging a draft) keeps what the
 * enums lack in sight, '?' for an unknown number and '' for an unset season, so the field rules
 * refuse it; `read` (the browser taking a draft back) leaves it out.
 */
export function criteriaOfDeposit(d: Deposit, mode: 'check' | 'read'): CriteriaFields {
  const unknown = mode === 'check' ? '?' : '';
  const label = (e: Enum, value: number) => fromEnum(e, value, unknown);
  const seasons = d.seasons.map((s) => label(FORM_ENUMS.season, s));
  return {
    family: label(FORM_ENUMS.family, d.family),
    gamme: label(FORM_ENUMS.gamme, d.gamme),
    seasons: mode === 'check' ? seasons : seasons.filter(Boolean),
    categories: d.categories,
    brands: d.brands,
    productNumber: d.productNumber || null,
    ageRange: label(FORM_ENUMS.ageRange, d.ageRange),
    preparationStatus: label(FORM_ENUMS.preparation, d.depositPreparationStatus),
    sellingMode: label(FORM_ENUMS.selling, d.depositSellingModeStatus),
  };
}
