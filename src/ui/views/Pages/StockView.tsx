import './pages.css';
import { Checkbox, H1, HTMLTable, InputGroup, Spinner, SpinnerSize, Tag } from '@blueprintjs/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SALE_STATUSES } from '../../../domain/deposit/statuses.ts';
import { saleStatusI18nKey } from '../../../machines/deposit/enums.ts';
import { selectViewerIsAdminLevel } from '../../../machines/deposit/viewer.ts';
import { stockExport } from '../../../machines/export/exportFilters.ts';
import {
  STOCK_FILTERS,
  STOCK_ORDERING,
  STOCK_SORTABLE,
  stockLogic,
} from '../../../machines/stock/stockLogic.ts';
import { useAppServices } from '../../app/servicesContext.ts';
import { useSession } from '../../app/sessionContext.ts';
import { formatDate, formatPrice } from '../../components/format.ts';
import { describeStock } from '../../exports/describeFilters.ts';
import { ExportButton } from '../../exports/ExportButton.tsx';
import { ImportButton } from '../../imports/ImportButton.tsx';
import { useOnTasksCompleted } from '../../tasks/tasksCompleted.ts';
import { WardrobeImport } from '../../tasks/WardrobeImport.tsx';
import { ListBody } from './ListBody.tsx';
import { useQueryList } from './useQueryList.ts';
import { useSortHeader } from './useSortHeader.tsx';

type SortKey = (typeof STOCK_SORTABLE)[number];

/**
 * `/stock` (alias `/inventory`): the vendor's products across their deposits, staff see every
 * vendor's. Read-only for now: each line leads to its deposit, where products are handled.
 */
export function StockView() {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const isAdminLevel = useSession(selectViewerIsAdminLevel);
  const logic = useMemo(() => stockLogic(clients, { isAdminLevel }), [clients, isAdminLevel]);
  const list = useQueryList(logic, {
    filters: STOCK_FILTERS,
    ordering: STOCK_ORDERING,
    sortable: STOCK_SORTABLE,
  });
  // A finished import (sheet, wardrobe) adds products: the list loads again by itself.
  useOnTasksCompleted(list.reload);
  const { search, saleStatuses } = list.filters;
  const sortable = useSortHeader<SortKey>(list, 'stock-sort');

  return (
    <section aria-labelledby="stock-title" className="seconde-pages" data-testid="stock">
      <H1 id="stock-title">{t('pages.stockTitle')}</H1>
      {/* A sheet of products becomes a new deposit named after the sheet. */}
      {!isAdminLevel && <ImportButton target={{ kind: 'products', deposit: '' }} />}
      {/* A marketplace profile's wardrobe becomes a deposit named after the profile. */}
      {!isAdminLevel && <WardrobeImport />}
      <ExportButton
        request={stockExport(list.filters, list.ordering)}
        filters={describeStock(t, list.filters)}
      />
      <div className="seconde-pages-filters" role="search" aria-label={t('pages.stockFilters')}>
        <InputGroup
          className="seconde-pages-search"
          type="search"
          leftIcon="search"
          aria-label={t('pages.stockSearch')}
          placeholder={t('pages.stockSearch')}
          value={search}
          onValueChange={(value) => list.filter({ search: value })}
          rightElement={list.busy ? <Spinner size={SpinnerSize.SMALL} /> : undefined}
          data-testid="stock-search"
        />
        <span aria-live="polite" data-testid="stock-count">
          {list.loaded && t('pages.productCount', { count: list.count })}
        </span>
        <fieldset>
          <legend>{t('pages.saleStatus')}</legend>
          {SALE_STATUSES.map((status) => (
            <Checkbox
              key={status}
              inline
              label={t(saleStatusI18nKey(status))}
              checked={saleStatuses.includes(status)}
              data-testid={`stock-status-${status}`}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                list.filter({
                  saleStatuses: SALE_STATUSES.filter((s) =>
                    s === status ? on : saleStatuses.includes(s),
                  ),
                });
              }}
            />
          ))}
        </fieldset>
      </div>
      <ListBody list={list} testId="stock-list" emptyTitle={t('pages.noProducts')}>
        <HTMLTable striped compact className="seconde-table" data-testid="stock-table">
          <caption className="seconde-sr-only">{t('pages.stockTitle')}</caption>
          <thead>
            <tr>
              {sortable('reference', 'pages.reference')}
              {sortable('name', 'pages.productName')}
              <th scope="col">{t('pages.deposit')}</th>
              {isAdminLevel && <th scope="col">{t('pages.vendor')}</th>}
              <th scope="col">{t('pages.category')}</th>
              <th scope="col">{t('pages.brand')}</th>
              <th scope="col">{t('pages.size')}</th>
              {sortable('suggested_price', 'pages.price')}
              {sortable('sale_status', 'pages.saleStatus')}
              {sortable('stock_entry_datetime', 'pages.stockEntry')}
              {sortable('sell_datetime', 'pages.sellDate')}
            </tr>
          </thead>
          <tbody>
            {list.rows.map((p) => (
              <tr key={p.uuid} data-testid="stock-row" data-status={p.saleStatus ?? ''}>
                <td>{p.reference}</td>
                <td>{p.name}</td>
                <td>
                  <Link to={`/deposit/${p.depositUuid}`} data-testid="stock-deposit-link">
                    {p.depositName || t('pages.openDeposit')}
                  </Link>
                </td>
                {isAdminLevel && <td data-testid="stock-vendor">{p.vendorName}</td>}
                <td>{p.category}</td>
                <td>{p.brand}</td>
                <td>{p.size}</td>
                <td className="seconde-number">
                  {p.selledPrice !== null
                    ? t('pages.soldPrice', { price: formatPrice(p.selledPrice, i18n.language) })
                    : formatPrice(p.suggestedPrice, i18n.language)}
                </td>
                <td>{p.saleStatus && <Tag minimal>{t(saleStatusI18nKey(p.saleStatus))}</Tag>}</td>
                <td>{formatDate(p.stockEntry, i18n.language)}</td>
                <td>{formatDate(p.sellDate, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </ListBody>
    </section>
  );
}
