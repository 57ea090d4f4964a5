import { parisDay } from './calendar.ts';

/**
 * Dates as the app shows and keeps them (1-app-shell.md §5, §9): shown DD/MM/YYYY, kept as
 * YYYY-MM-DD, the day taken in Paris; optional min and max, an allowed-day rule, ranges put in
 * order, the range shortcuts, and instants shown in Paris time. Views and machines
 * share them. Pure: "now" is a parameter. Calendar arithmetic runs on UTC dates so no local time
 * zone or daylight-saving change moves a day.
 */

/** A day as the forms keep it: `YYYY-MM-DD`. */
export type DayValue = string;

export const DISPLAY_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_ZONE = 'Europe/Paris';

const VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DISPLAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const pad = (n: number, size = 2) => String(n).padStart(size, '0');

/** The day exists in the calendar (no 31/02). */
function valid(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isDayValue(value: unknown): value is DayValue {
  const match = typeof value === 'string' ? VALUE.exec(value) : null;
  return !!match && valid(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** '2024-05-15' → '15/05/2024'; '' for anything else. */
export function displayOf(value: DayValue | null | undefined): string {
  const match = value ? VALUE.exec(value) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}

/** '15/05/2024' (or '5/5/2024') → '2024-05-15'; null when it is no real day. */
export function valueOfDisplay(text: string): DayValue | null {
  const match = DISPLAY.exec(text.trim());
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return valid(y, m, d) ? `${pad(y, 4)}-${pad(m)}-${pad(d)}` : null;
}

/** The picker works on local-midnight Date objects; these convert at its edge. */
export function dateOfValue(value: DayValue): Date {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export function valueOfDate(date: Date): DayValue {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day `days` after (before, when negative) `value`. */
export function addDays(value: DayValue, days: number): DayValue {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Today in Paris. */
export const today = (now: Date): DayValue => parisDay(now);

export interface DayLimits {
  readonly min?: DayValue | undefined;
  readonly max?: DayValue | undefined;
  /** Days the field accepts (for example: weekdays only); all when absent. */
  readonly isAllowed?: ((value: DayValue) => boolean) | undefined;
}

/** Why a day is refused, as a translation key, or null when it may be chosen. */
export function dayError(value: DayValue, limits: DayLimits): string | null {
  if (!isDayValue(value)) return 'forms.dateInvalid';
  if ((limits.min && value < limits.min) || (limits.max && value > limits.max))
    return 'forms.dateOutOfRange';
  if (limits.isAllowed && !limits.isAllowed(value)) return 'forms.dateNotAllowed';
  return null;
}

export type DayRange = readonly [DayValue | null, DayValue | null];

/** A range is kept in order: the earlier day first, whichever was picked first. */
export function orderRange([from, to]: DayRange): DayRange {
  return from && to && from > to ? [to, from] : [from, to];
}

/** The range shortcuts of 1-app-shell.md §9, in the order shown. */
export const RANGE_SHORTCUTS = [
  'lastSevenDays',
  'lastThirtyDays',
  'lastSixMonths',
  'sinceStartOfYear',
] as const;
export type RangeShortcut = (typeof RANGE_SHORTCUTS)[number];

/** The deposit list offers this month as well. */
export const DATE_SHORTCUTS = ['thisMonth', ...RANGE_SHORTCUTS] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

/**
 * A shortcut's range, both ends included and ending today in Paris: the last 7 and 30 days,
 * the last 6 months as 180 days, since January 1st, and this month.
 */
export function shortcutRange(
  shortcut: DateShortcut,
  now: Date,
): { dateFrom: DayValue; dateTo: DayValue } {
  const dateTo = today(now);
  const dateFrom = {
    thisMonth: () => `${dateTo.slice(0, 7)}-01`,
    lastSevenDays: () => addDays(dateTo, -6),
    lastThirtyDays: () => addDays(dateTo, -29),
    lastSixMonths: () => addDays(dateTo, -179),
    sinceStartOfYear: () => `${dateTo.slice(0, 4)}-01-01`,
  }[shortcut]();
  return { dateFrom, dateTo };
}

/**
 * Intl formatters cost far more to build than to use (long lists format hundreds of dates per
 * screen): one per locale and precision, built once.
 */
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** Date display (1-app-shell.md §9): DD/MM/YYYY, optionally HH:mm, in Paris time. */
export function formatDate(ms: number | null, language: string, withTime = false): string {
  if (ms === null) return '';
  const locale = language === 'en' ? 'en-GB' : 'fr-FR';
  const key = `${locale}:${withTime}`;
  let formatter = dateFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      ...(withTime && { hour: '2-digit', minute: '2-digit' }),
      timeZone: DATE_TIME_ZONE,
    });
    dateFormatters.set(key, formatter);
  }
  return formatter.format(ms);
}

/** A month as the statistics name it: `2024-03` → "mars 2024" / "March 2024". */
export function formatMonth(month: string, language: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const locale = language === 'en' ? 'en-GB' : 'fr-FR';
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(
    new Date(year, m - 1, 1),
  );
}
