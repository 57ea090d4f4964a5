import type { TFunction } from 'i18next';
import {
  depositStatusI18nKey,
  enumI18nKey,
  saleStatusI18nKey,
} from '../../machines/deposit/enums.ts';
import type { DepositFilters } from '../../machines/depositList/depositListQuery.ts';
import type { ListOptions } from '../../machines/depositList/depositListTypes.ts';
import type { FilterDescription } from '../../machines/export/exportTypes.ts';
import type { InvoiceFilters } from '../../machines/invoices/invoiceLogic.ts';
import { labelKey } from '../../machines/people/labels.ts';
import type { StockFilters } from '../../machines/stock/stockLogic.ts';

/**
 * The filters of each page as the export's second sheet names them: the page's own labels and
 * values, translated. Filters left open are not listed.
 */

type Entry = FilterDescription | false | '' | undefined;
const only = (entries: readonly Entry[]) => entries.filter((e): e is FilterDescription => !!e);

function periodEntry(t: TFunction, from: string, to: string): Entry {
  if (!from && !to) return undefined;
  const value =
    from && to
      ? t('exports.period', { from, to })
      : from
        ? t('exports.periodFrom', { from })
        : t('exports.periodTo', { to });
  return { name: t('exports.filterPeriod'), value };
}

/** The search box's words, when the list has some. */
export function searchEntry(t: TFunction, search: string): Entry {
  return search.trim() !== '' && { name: t('exports.filterSearch'), value: search.trim() };
}

export function describeStock(t: TFunction, filters: StockFilters): FilterDescription[] {
  return only([
    searchEntry(t, filters.search),
    filters.saleStatuses.length > 0 && {
      name: t('pages.saleStatus'),
      value: filters.saleStatuses.map((s) => t(saleStatusI18nKey(s))).join(', '),
    },
  ]);
}

export function describeDeposits(
  t: TFunction,
  filters: DepositFilters,
  options: ListOptions,
): FilterDescription[] {
  const person = (list: ListOptions['vendors'], uuid: string) =>
    list.find((o) => o.uuid === uuid)?.label ?? uuid;
  return only([
    filters.statuses.length > 0 && {
      name: t('deposits.status'),
      value: filters.statuses.map((s) => t(depositStatusI18nKey(s))).join(', '),
    },
    ...(['family', 'gamme', 'season'] as const).map(
      (name): Entry =>
        filters[name] !== '' && {
          name: t(`deposits.${name}`),
          value: t(enumI18nKey(name, filters[name])),
        },
    ),
    filters.vendor !== '' && {
      name: t('deposits.vendor'),
      value: person(options.vendors, filters.vendor),
    },
    filters.customer !== '' && {
      name: t('deposits.customer'),
      value: person(options.customers, filters.customer),
    },
    periodEntry(t, filters.dateFrom, filters.dateTo),
  ]);
}

export function describeInvoices(t: TFunction, filters: InvoiceFilters): FilterDescription[] {
  return only([
    filters.status !== '' && {
      name: t('pages.invoiceStatus'),
      value: t(labelKey('peopleEnum.invoiceStatus', filters.status)),
    },
  ]);
}

export function describeCustomers(t: TFunction, search: string): FilterDescription[] {
  return only([searchEntry(t, search)]);
}
