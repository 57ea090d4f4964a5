import {
  AbandonReason,
  CancelReason,
  ContactWay,
  DepositRecovery,
  DepositStatus as PbDepositStatus,
  Gamme,
  PreparationStatus,
  QualificationStatus,
  Season,
  SellingMode,
} from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductFamily } from '../../rpc/gen/seconde/v1/category_pb.ts';
import { SaleStatus as PbSaleStatus } from '../../rpc/gen/seconde/v1/product_pb.ts';
import {
  DEPOSIT_STATUSES,
  SALE_STATUSES,
  isDepositStatus,
  isSaleStatus,
  type DepositStatus,
  type SaleStatus,
} from '../../domain/deposit/statuses.ts';

/**
 * The contract's enums seen by name: machines and views work with the labels the database and the
 * rules use ('INLINE', 'WOMAN'), and convert to numbers only at the RPC boundary.
 */
type NumericEnum = Record<string, string | number>;

/** Labels of an enum in declaration order, without UNSPECIFIED. */
export function enumLabels(enumObject: NumericEnum): string[] {
  return Object.keys(enumObject).filter(
    (key) => Number.isNaN(Number(key)) && key !== 'UNSPECIFIED',
  );
}

/** Number → label; '' for UNSPECIFIED or an unknown number. */
export function labelOf(enumObject: NumericEnum, value: number): string {
  const label = enumObject[value];
  return typeof label === 'string' && label !== 'UNSPECIFIED' ? label : '';
}

/** Label → number; 0 (UNSPECIFIED) for '' or an unknown label. */
export function valueOf(enumObject: NumericEnum, label: string): number {
  const value = enumObject[label];
  return typeof value === 'number' ? value : 0;
}

/** 'HIGH_AND_LUXURY' → 'highAndLuxury', the item part of a translation key. */
export function camelItem(label: string): string {
  return label.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The enums the deposit screens show, each with the translation area of its labels. */
export const DEPOSIT_ENUMS = {
  family: { values: ProductFamily, area: 'depositsFamily' },
  gamme: { values: Gamme, area: 'depositsGamme' },
  season: { values: Season, area: 'depositsSeason' },
  recovery: { values: DepositRecovery, area: 'depositsRecovery' },
  contactWay: { values: ContactWay, area: 'depositsContactWay' },
  preparation: { values: PreparationStatus, area: 'depositsPreparation' },
  sellingMode: { values: SellingMode, area: 'depositsSellingMode' },
  qualification: { values: QualificationStatus, area: 'depositsQualification' },
  abandonReason: { values: AbandonReason, area: 'abandonReason' },
  cancelReason: { values: CancelReason, area: 'cancelReason' },
} as const satisfies Record<string, { values: NumericEnum; area: string }>;
export type DepositEnumName = keyof typeof DEPOSIT_ENUMS;

/** Translation key of one label of a deposit enum, e.g. `depositsGamme.luxury`. */
export function enumI18nKey(name: DepositEnumName, label: string): string {
  return `${DEPOSIT_ENUMS[name].area}.${camelItem(label)}`;
}

export const depositStatusI18nKey = (status: DepositStatus) => `depositStatus.${camelItem(status)}`;
export const saleStatusI18nKey = (status: SaleStatus) => `saleStatus.${camelItem(status)}`;

export function depositStatusOf(value: number): DepositStatus | null {
  const label = labelOf(PbDepositStatus, value);
  return isDepositStatus(label) ? label : null;
}
export const depositStatusValue = (status: DepositStatus): PbDepositStatus =>
  valueOf(PbDepositStatus, status);

export function saleStatusOf(value: number): SaleStatus | null {
  const label = labelOf(PbSaleStatus, value);
  return isSaleStatus(label) ? label : null;
}
export const saleStatusValue = (status: SaleStatus): PbSaleStatus => valueOf(PbSaleStatus, status);

export { DEPOSIT_STATUSES, SALE_STATUSES };
