import { isRuleCode, ruleI18nKey } from '../../domain/deposit/rules.ts';
import { errorI18nKey } from '../../rpc/errors.ts';
import type { SaleStatus } from '../../domain/deposit/statuses.ts';
import type { StockQueryFilters } from './stockQuery.ts';
import type { SelectedLine } from './stockWindowMachine.ts';

/** A product a bulk change is about, as the list knows it. */
export interface BulkLine extends SelectedLine {
  readonly uuid: string;
}

/** Why a product was left out before any call: invoiced, or already in the wanted status. */
export type SkipReason = 'PRODUCT_INVOICED' | 'ALREADY_IN_STATUS';

/** Counts by reason code (a rule code such as ONLINE_BEFORE_VALIDATION, or an error code). */
export type ReasonCounts = Readonly<Record<string, number>>;

export interface BulkReport {
  readonly total: number;
  readonly done: number;
  readonly updated: number;
  readonly skipped: ReasonCounts;
  readonly refused: ReasonCounts;
}

export interface BulkInput {
  readonly target: SaleStatus;
  /** Lines picked one by one (ignored when `allMatching`). */
  readonly selected: Readonly<Record<string, SelectedLine>>;
  readonly allMatching: boolean;
  /** The list's query, read again in full when every matching line is selected. */
  readonly filters: StockQueryFilters;
}

/** Calls in flight at once: quick for a few hundred products, gentle on the server. */
export const BULK_CONCURRENCY = 4;

export const emptyReport = (total: number): BulkReport => ({
  total,
  done: 0,
  updated: 0,
  skipped: {},
  refused: {},
});

const bump = (counts: ReasonCounts, reason: string): ReasonCounts => ({
  ...counts,
  [reason]: (counts[reason] ?? 0) + 1,
});

/** Splits the lines into the ones to send and the skipped ones, counted in the report. */
export function planBulk(
  lines: readonly BulkLine[],
  target: SaleStatus,
): { send: BulkLine[]; report: BulkReport } {
  let report = emptyReport(lines.length);
  const send: BulkLine[] = [];
  for (const line of lines) {
    const reason: SkipReason | null =
      line.invoiced || line.saleStatus === 'FACTURED'
        ? 'PRODUCT_INVOICED'
        : line.saleStatus === target
          ? 'ALREADY_IN_STATUS'
          : null;
    if (reason)
      report = { ...report, done: report.done + 1, skipped: bump(report.skipped, reason) };
    else send.push(line);
  }
  return { send, report };
}

/** One product's answer added to the report: updated, or refused with its reason. */
export function recordOutcome(report: BulkReport, refusal: string | null): BulkReport {
  return refusal === null
    ? { ...report, done: report.done + 1, updated: report.updated + 1 }
    : { ...report, done: report.done + 1, refused: bump(report.refused, refusal) };
}

/** The text key of a skip or refusal reason: ours, the rule engine's, or the error funnel's. */
export function reasonI18nKey(code: string): string {
  if (code === 'PRODUCT_INVOICED') return 'stockView.skipInvoiced';
  if (code === 'ALREADY_IN_STATUS') return 'stockView.skipSame';
  return isRuleCode(code) ? ruleI18nKey(code) : errorI18nKey(code);
}
