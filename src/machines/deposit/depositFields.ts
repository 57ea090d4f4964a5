import { create } from '@bufbuild/protobuf';
import { timestampDate, timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { valueOfDate } from '../../domain/dates.ts';
import { DepositSchema, type Deposit } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { DEPOSIT_ENUMS, labelOf, valueOf, type DepositEnumName } from './enums.ts';

/** A field's value as views see it: plain data, enum labels, dates as `YYYY-MM-DD`. */
export type FieldValue = string | number | boolean | readonly string[] | null;

export type FieldKind = 'text' | 'longText' | 'number' | 'bool' | 'enum' | 'enumList' | 'date';

export interface FieldSpec {
  /** The Deposit message's field (camelCase); its snake_case form goes into the update mask. */
  readonly name: keyof Deposit & string;
  readonly kind: FieldKind;
  readonly enumName?: DepositEnumName;
  /** Computed or set by a workflow (assignment, completion): shown, never edited here. */
  readonly readOnly?: boolean;
  /** An int32 of the contract: decimals are dropped. */
  readonly integer?: boolean;
}

export type FieldGroup = 'identity' | 'customer' | 'logistics' | 'criteria' | 'dates';

/** The deposit fields of 2-business-data.md §3 the deposit page shows, by group. */
export const FIELD_GROUPS: Readonly<Record<FieldGroup, readonly FieldSpec[]>> = {
  identity: [
    { name: 'name', kind: 'text' },
    { name: 'description', kind: 'longText' },
    { name: 'productNumber', kind: 'number', integer: true },
    { name: 'defaultProductNumber', kind: 'number', integer: true },
    { name: 'productNumberRange', kind: 'text' },
    { name: 'picturesLink', kind: 'text' },
  ],
  customer: [
    { name: 'customerPostalCode', kind: 'text' },
    { name: 'customerPreferedContactWay', kind: 'enum', enumName: 'contactWay' },
    { name: 'customerAcceptHomeTakeAway', kind: 'bool' },
    { name: 'customerAcceptSendPostal', kind: 'bool' },
    { name: 'customerValidationComment', kind: 'longText' },
    // The identity document shown at reception, entered in the police register (R.321-3).
    { name: 'receptionIdDocumentType', kind: 'text' },
    { name: 'receptionIdDocumentNumber', kind: 'text' },
    { name: 'receptionIdDocumentAuthority', kind: 'text' },
    { name: 'receptionIdDocumentDate', kind: 'text' },
  ],
  logistics: [
    { name: 'depositRecovery', kind: 'enum', enumName: 'recovery' },
    { name: 'isOkayToSendByPost', kind: 'bool' },
    { name: 'depositPreparationStatus', kind: 'enum', enumName: 'preparation' },
    { name: 'customerWeight', kind: 'number' },
    { name: 'vendorWeight', kind: 'number' },
    { name: 'weight', kind: 'number' },
  ],
  criteria: [
    { name: 'family', kind: 'enum', enumName: 'family' },
    { name: 'gamme', kind: 'enum', enumName: 'gamme' },
    { name: 'seasons', kind: 'enumList', enumName: 'season' },
    { name: 'depositSellingModeStatus', kind: 'enum', enumName: 'sellingMode' },
    { name: 'topFiveBrand', kind: 'bool' },
    { name: 'luxuryBrand', kind: 'bool' },
    { name: 'cashOfferPrice', kind: 'number' },
  ],
  dates: [
    { name: 'depositDatetime', kind: 'date' },
    { name: 'depositEndDatetime', kind: 'date' },
    { name: 'affectationDatetime', kind: 'date', readOnly: true },
    { name: 'depositCompletedDatetime', kind: 'date', readOnly: true },
    { name: 'createdAt', kind: 'date', readOnly: true },
  ],
};

export const ALL_FIELDS: readonly FieldSpec[] = Object.values(FIELD_GROUPS).flat();
const BY_NAME = new Map(ALL_FIELDS.map((f) => [f.name, f]));

export function fieldSpec(name: string): FieldSpec | undefined {
  return BY_NAME.get(name as FieldSpec['name']);
}

/** `2024-03-01` in the user's calendar (the app shows dates, not instants). */
export function toDateText(ts: Timestamp | undefined): string | null {
  return ts ? valueOfDate(timestampDate(ts)) : null;
}

export function fromDateText(text: string): Timestamp | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  return timestampFromDate(new Date(`${text}T00:00:00`));
}

/** The value of one field as views see it. */
export function readField(deposit: Deposit, spec: FieldSpec): FieldValue {
  const raw = deposit[spec.name] as unknown;
  switch (spec.kind) {
    case 'enum':
      return labelOf(DEPOSIT_ENUMS[spec.enumName!].values, raw as number);
    case 'enumList':
      return (raw as number[]).map((v) => labelOf(DEPOSIT_ENUMS[spec.enumName!].values, v));
    case 'date':
      return toDateText(raw as Timestamp | undefined);
    case 'number':
      return typeof raw === 'number' ? raw : null;
    default:
      return raw as FieldValue;
  }
}

/** Every shown field of a deposit, by name. */
export function readFields(deposit: Deposit): Record<string, FieldValue> {
  return Object.fromEntries(ALL_FIELDS.map((spec) => [spec.name, readField(deposit, spec)]));
}

function toMessageValue(spec: FieldSpec, value: FieldValue): unknown {
  switch (spec.kind) {
    case 'enum':
      return valueOf(DEPOSIT_ENUMS[spec.enumName!].values, String(value ?? ''));
    case 'enumList':
      return ((value as readonly string[] | null) ?? []).map((l) =>
        valueOf(DEPOSIT_ENUMS[spec.enumName!].values, l),
      );
    case 'date':
      return typeof value === 'string' ? fromDateText(value) : undefined;
    case 'number':
      return value === null || value === '' || Number.isNaN(Number(value))
        ? spec.integer
          ? 0
          : undefined
        : spec.integer
          ? Math.trunc(Number(value))
          : Number(value);
    case 'bool':
      return Boolean(value);
    default:
      return String(value ?? '');
  }
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The partial update of a draft: the changed fields in a Deposit carrying the version the user
 * edited, and their snake_case names for the update mask.
 */
export function draftToPatch(
  deposit: Deposit,
  draft: Readonly<Record<string, FieldValue>>,
): { deposit: Deposit; mask: string[] } {
  const patch = create(DepositSchema, { uuid: deposit.uuid, rowVersion: deposit.rowVersion });
  const mask: string[] = [];
  for (const [name, value] of Object.entries(draft)) {
    const spec = fieldSpec(name);
    if (!spec || spec.readOnly) continue;
    (patch as unknown as Record<string, unknown>)[spec.name] = toMessageValue(spec, value);
    mask.push(snake(spec.name));
  }
  return { deposit: patch, mask };
}
