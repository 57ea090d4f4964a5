import '../components/pages.css';
import './stock.css';
import { Button, ButtonGroup, H1 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { STOCK_LAYOUTS } from '../../domain/stock/stockWire.ts';
import { selectViewerIsAdminLevel } from '../../machines/deposit/viewer.ts';
import { selectEmail } from '../../machines/session/selectors.ts';
import { stockQueryExport } from '../../machines/stock/stockQuery.ts';
import { useSession } from '../app/sessionContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { describeStock } from '../exports/describeFilters.ts';
import { ExportButton } from '../exports/ExportButton.tsx';
import { ImportButton } from '../imports/ImportButton.tsx';
import { StockBulkBar } from './StockBulk.tsx';
import { StockFilters } from './StockFilters.tsx';
import { StockLines } from './StockLines.tsx';
import { useStockWindow } from './useStockWindow.ts';
import { useOnTasksCompleted } from '../tasks/tasksCompleted.ts';
import { WardrobeImport } from '../tasks/WardrobeImport.tsx';

const ICONS = { list: 'th-list', card: 'grid-view', pictures: 'media' } as const;

/**
 * `/stock` (alias `/inventory`): the vendor's products across their deposits (staff: every
 * vendor's, with the vendor), as a list, cards or pictures, filtered from the address and
 * loaded page by page as the lines come on screen, with a bulk sale-status change.
 */
export function StockView() {
  const { t } = useTranslation();
  const isAdminLevel = useSession(selectViewerIsAdminLevel);
  const user = useSession(selectEmail);
  const list = useStockWindow(user);
  // A finished import (sheet, wardrobe) adds products: the list loads again by itself.
  useOnTasksCompleted(list.reload);

  return (
    <section
      aria-labelledby="stock-title"
      className="seconde-pages seconde-stock"
      data-testid="stock"
    >
      <H1 id="stock-title">{t('pages.stockTitle')}</H1>
      <div className="seconde-stock-actions">
        {/* A sheet of products becomes a new deposit named after the sheet. */}
        {!isAdminLevel && <ImportButton target={{ kind: 'products', deposit: '' }} />}
        {/* A marketplace profile's wardrobe becomes a deposit named after the profile. */}
        {!isAdminLevel && <WardrobeImport />}
        <ExportButton
          request={stockQueryExport(list.filters, list.ordering)}
          filters={describeStock(t, list.filters)}
        />
      </div>
      <StockFilters filters={list.filters} busy={list.busy} filter={list.filter} />
      <div className="seconde-stock-bar">
        <span aria-live="polite" data-testid="stock-count">
          {list.count !== null && t('pages.productCount', { count: list.count })}
        </span>
        <ButtonGroup role="group" aria-label={t('stockView.views')}>
          {STOCK_LAYOUTS.map((layout) => (
            <Button
              key={layout}
              icon={ICONS[layout]}
              active={list.layout === layout}
              aria-pressed={list.layout === layout}
              onClick={() => list.setLayout(layout)}
              data-testid={`stock-view-${layout}`}
            >
              {t(`stockView.${layout}`)}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      <StockBulkBar list={list} />
      {list.errorCode ? (
        <FailedState
          testId="stock-list-failed"
          title={t('pages.loadFailed')}
          errorCode={list.errorCode}
          retryText={t('pages.retry')}
          onRetry={list.retry}
        />
      ) : list.count === 0 ? (
        <PageState
          testId="stock-list-empty"
          icon="inbox"
          title={t('pages.noProducts')}
          description={t('pages.emptyHint')}
        />
      ) : (
        <StockLines list={list} showVendor={isAdminLevel} />
      )}
    </section>
  );
}
