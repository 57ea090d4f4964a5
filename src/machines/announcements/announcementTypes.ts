import type { AppError } from '../../rpc/errors.ts';
import { placeholderNamed } from '../../domain/announcements/announcementRules.ts';
import { isRuleCode, ruleI18nKey } from '../../domain/deposit/rules.ts';
import { errorI18nKey } from '../../rpc/errors.ts';

export type AnnouncementKindLabel = 'TEMPLATE' | 'PROMPT';

/** One announcement as the profile page lists and edits it. */
export interface AnnouncementItem {
  readonly uuid: string;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly kind: AnnouncementKindLabel;
  readonly isActive: boolean;
  readonly isDefault: boolean;
  /** Set for a company's shared announcement. */
  readonly company: string;
  readonly rowVersion: number;
}

/** What the editor dialog holds; uuid empty for a new announcement. */
export type AnnouncementDraft = Omit<AnnouncementItem, 'company'>;

export const EMPTY_ANNOUNCEMENT: AnnouncementDraft = {
  uuid: '',
  name: '',
  title: '',
  description: '',
  kind: 'TEMPLATE',
  isActive: true,
  isDefault: false,
  rowVersion: 0,
};

/** The error a machine keeps: what the view needs to say it. */
export interface HeldError {
  readonly code: AppError['code'];
  readonly reason?: string;
  readonly message?: string;
}

export const heldError = (e: AppError): HeldError => ({
  code: e.code,
  ...(e.reason !== undefined && { reason: e.reason }),
  ...(e.message !== undefined && { message: e.message }),
});

/** Reasons the announcements area says itself; the rest go to the generic error texts. */
const REASON_KEYS: Readonly<Record<string, string>> = {
  NO_FAVORITE_ANNOUNCEMENT: 'announcements.noFavorite',
  ANNOUNCEMENT_PLACEHOLDER_UNKNOWN: 'announcements.placeholderUnknown',
  PRODUCT_INVOICED: 'announcements.productInvoiced',
  NOT_AVAILABLE: 'listingKit.notAvailable',
};

/** Text key and values of a held error. */
export function errorText(
  error: HeldError | null,
): { key: string; values?: Record<string, string> } | null {
  if (!error) return null;
  // The deposit rules' refusals (ONLINE_BEFORE_VALIDATION…) have their own texts.
  if (error.reason && isRuleCode(error.reason)) return { key: ruleI18nKey(error.reason) };
  const key = error.reason ? REASON_KEYS[error.reason] : undefined;
  if (key === 'announcements.placeholderUnknown')
    return { key, values: { name: `{${placeholderNamed(error.message)}}` } };
  return { key: key ?? errorI18nKey(error.code) };
}
