import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { StockWindow } from './useStockWindow.ts';

/** Column titles of the list view; the sortable ones are buttons that flip the ordering. */
export function StockHeader({ list, showVendor }: { list: StockWindow; showVendor: boolean }) {
  const { t } = useTranslation();
  const sortable = (key: string, label: string) => {
    const direction = list.direction(key);
    return (
      <Button
        variant="minimal"
        size="small"
        onClick={() => list.sort(key)}
        endIcon={direction === 'asc' ? 'caret-up' : direction === 'desc' ? 'caret-down' : undefined}
        aria-pressed={direction !== null}
        data-testid={`stock-sort-${key}`}
      >
        {t(label)}
      </Button>
    );
  };
  return (
    <div className="seconde-stock-head" aria-hidden={false}>
      <span />
      {sortable('reference', 'pages.reference')}
      {sortable('name', 'pages.productName')}
      <span>{t('pages.deposit')}</span>
      {showVendor && <span>{t('pages.vendor')}</span>}
      <span>{t('pages.category')}</span>
      <span>{t('pages.brand')}</span>
      <span>{t('pages.size')}</span>
      {sortable('suggested_price', 'pages.price')}
      {sortable('sale_status', 'pages.saleStatus')}
      {sortable('stock_entry_datetime', 'pages.stockEntry')}
      {sortable('sell_datetime', 'pages.sellDate')}
    </div>
  );
}
