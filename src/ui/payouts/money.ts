import { labelKey } from '../../machines/people/labels.ts';
import type { PayoutMethod } from '../../machines/payouts/payoutTypes.ts';
import { formatPrice } from '../components/format.ts';

/** Whole cents shown as euros in the reader's language. */
export const euros = (cents: number, language: string) => formatPrice(cents / 100, language);

/** `CASH` → `payouts.methodCash`; an unknown method reads `payouts.methodUnknown`. */
export const methodKey = (method: PayoutMethod | null) => labelKey('payouts.method', method);
