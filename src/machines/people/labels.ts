import type { DescEnum } from '@bufbuild/protobuf';
import { timestampMs, type Timestamp } from '@bufbuild/protobuf/wkt';

/**
 * Contract enum value → its name without prefix ('TRIAL_PERIOD', 'INLINE'), the label the
 * database and the translation keys use; null for UNSPECIFIED.
 */
export function enumLabel(desc: DescEnum, value: number): string | null {
  if (value === 0) return null;
  return desc.values.find((v) => v.number === value)?.localName ?? null;
}

/** Timestamp → epoch milliseconds, null when unset; views format dates themselves. */
export function toMs(timestamp: Timestamp | undefined): number | null {
  return timestamp ? timestampMs(timestamp) : null;
}

/** `TRIAL_PERIOD` → `trialPeriod`, the item part of a translation key. */
export function camelKey(label: string): string {
  return label.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Translation key of an enum label: `labelKey('peopleEnum.depositStatus', 'WAITING_FOR_VENDOR')`
 * → `peopleEnum.depositStatusWaitingForVendor`, `labelKey('people.validation', 'postalCode')` →
 * `people.validationPostalCode`; null labels read as `…Unknown`.
 */
export function labelKey(prefix: string, label: string | null): string {
  const raw = label ?? 'UNKNOWN';
  // Contract labels are SCREAMING_SNAKE; app codes ('postalCode') are camelCase already.
  const camel = /^[A-Z0-9_]+$/.test(raw) ? camelKey(raw) : raw;
  return `${prefix}${camel.charAt(0).toUpperCase()}${camel.slice(1)}`;
}
