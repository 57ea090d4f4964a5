import { addDays, isDayValue, today, type DayValue } from '../../domain/dates.ts';

/**
 * The invoicing period of the "Generate invoices" dialog: its shortcuts and the instants sent to
 * GenerateInvoices. Days are Paris days (the business day of a sale); the period runs from the
 * first day's midnight to the midnight after the last day, so two adjacent periods never share
 * an instant. Pure: "now" is a parameter.
 */

export const PERIOD_SHORTCUTS = ['thisMonth', 'lastMonth', 'thisQuarter', 'lastYear'] as const;
export type PeriodShortcut = (typeof PERIOD_SHORTCUTS)[number];

export interface Period {
  readonly dateFrom: DayValue;
  readonly dateTo: DayValue;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of a month (1-12). */
const lastDay = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

/**
 * A shortcut's days, both included: this month and this quarter up to today, last month and last
 * year whole.
 */
export function shortcutPeriod(shortcut: PeriodShortcut, now: Date): Period {
  const day = today(now);
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  switch (shortcut) {
    case 'thisMonth':
      return { dateFrom: `${day.slice(0, 7)}-01`, dateTo: day };
    case 'lastMonth': {
      const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
      return { dateFrom: `${y}-${pad(m)}-01`, dateTo: lastDay(y, m) };
    }
    case 'thisQuarter':
      return { dateFrom: `${year}-${pad(month - ((month - 1) % 3))}-01`, dateTo: day };
    case 'lastYear':
      return { dateFrom: `${year - 1}-01-01`, dateTo: `${year - 1}-12-31` };
  }
}

export type PeriodField = 'dateFrom' | 'dateTo';
/** What is wrong with a period, by field, as text keys; empty when it may be sent. */
export type PeriodErrors = Partial<Record<PeriodField, string>>;

export function periodErrors(period: Period): PeriodErrors {
  const errors: PeriodErrors = {};
  if (!period.dateFrom) errors.dateFrom = 'invoices.errorDateRequired';
  else if (!isDayValue(period.dateFrom)) errors.dateFrom = 'invoices.errorDateInvalid';
  if (!period.dateTo) errors.dateTo = 'invoices.errorDateRequired';
  else if (!isDayValue(period.dateTo)) errors.dateTo = 'invoices.errorDateInvalid';
  if (!errors.dateFrom && !errors.dateTo && period.dateTo < period.dateFrom)
    errors.dateTo = 'invoices.errorEndBeforeStart';
  return errors;
}

const PARIS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far Paris's clock is ahead of UTC at an instant, in ms (one or two hours). */
function parisOffset(instant: number): number {
  const parts = Object.fromEntries(
    PARIS.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const wall = Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant a Paris day starts. */
export function parisMidnight(day: DayValue): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const guess = utc - parisOffset(utc);
  // Across a clock change the offset at midnight differs from the one at UTC midnight.
  return new Date(utc - parisOffset(guess));
}

/** The instants sent for a period: its first day's start, and the start of the day after it. */
export function periodInstants(period: Period): { start: Date; end: Date } {
  return { start: parisMidnight(period.dateFrom), end: parisMidnight(addDays(period.dateTo, 1)) };
}
