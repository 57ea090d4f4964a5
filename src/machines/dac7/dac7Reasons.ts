import { errorI18nKey } from '../../rpc/errors.ts';
import { labelKey } from '../people/labels.ts';
import type { Refusal } from '../payouts/payoutTypes.ts';

/** The text of a DAC7 refusal: `DAC7_TIN_INVALID` → `sellerReport.reasonTinInvalid`, else its code's. */
export function dac7RefusalKey(refusal: Refusal): string {
  return refusal.reason?.startsWith('DAC7_')
    ? labelKey('sellerReport.reason', refusal.reason.slice('DAC7_'.length))
    : errorI18nKey(refusal.code);
}
