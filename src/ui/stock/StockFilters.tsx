import {
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Spinner,
  SpinnerSize,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SALE_STATUSES } from '../../domain/deposit/statuses.ts';
import { saleStatusI18nKey } from '../../machines/deposit/enums.ts';
import {
  NO_OPTIONS,
  stockOptionsLogic,
  type StockOption,
} from '../../machines/stock/stockOptions.ts';
import type { StockQueryFilters } from '../../machines/stock/stockQuery.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { DateRangeFilter } from '../views/Pages/DateRangeFilter.tsx';
import type { StockWindow } from './useStockWindow.ts';

interface StockFiltersProps {
  readonly list: Pick<StockWindow, 'filters' | 'busy' | 'filter'>;
}

/**
 * The stock's filters: free text, sale statuses, deposit, category, brand, stock entry dates.
 * Drawn again only when the filters or the busy flag change, not as lines load.
 */
export const StockFilters = memo(({ filters, busy, filter }: StockFiltersProps['list']) => (
  <Filters list={{ filters, busy, filter }} />
));

function Filters({ list }: StockFiltersProps) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => stockOptionsLogic(clients), [clients]);
  const options = useSelector(useActorRef(logic), (s) => s.output ?? NO_OPTIONS);
  const { filters } = list;
  const pick = (key: 'deposit' | 'category' | 'brand', choices: readonly StockOption[]) => (
    <FormGroup label={t(`stockView.${key}`)} labelFor={`stock-${key}`} inline>
      <HTMLSelect
        id={`stock-${key}`}
        value={filters[key]}
        data-testid={`stock-filter-${key}`}
        onChange={(e) =>
          list.filter({ [key]: e.currentTarget.value } as Partial<StockQueryFilters>)
        }
      >
        <option value="">{t('stockView.any')}</option>
        {choices.map((o) => (
          <option key={o.uuid} value={o.uuid}>
            {o.label}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
  return (
    <div
      className="seconde-pages-filters seconde-stock-filters"
      role="search"
      aria-label={t('pages.stockFilters')}
    >
      <InputGroup
        className="seconde-pages-search"
        type="search"
        leftIcon="search"
        aria-label={t('pages.stockSearch')}
        placeholder={t('pages.stockSearch')}
        value={filters.search}
        onValueChange={(search) => list.filter({ search })}
        rightElement={list.busy ? <Spinner size={SpinnerSize.SMALL} /> : undefined}
        data-testid="stock-search"
      />
      <fieldset>
        <legend>{t('pages.saleStatus')}</legend>
        {SALE_STATUSES.map((status) => (
          <Checkbox
            key={status}
            inline
            label={t(saleStatusI18nKey(status))}
            checked={filters.saleStatuses.includes(status)}
            data-testid={`stock-status-${status}`}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              list.filter({
                saleStatuses: SALE_STATUSES.filter((s) =>
                  s === status ? on : filters.saleStatuses.includes(s),
                ),
              });
            }}
          />
        ))}
      </fieldset>
      {pick('deposit', options.deposits)}
      {pick('category', options.categories)}
      {pick('brand', options.brands)}
      <DateRangeFilter
        range={{ dateFrom: filters.from, dateTo: filters.to }}
        onChange={(r) =>
          list.filter({
            ...(r.dateFrom !== undefined && { from: r.dateFrom }),
            ...(r.dateTo !== undefined && { to: r.dateTo }),
          })
        }
        canClear={filters.from !== '' || filters.to !== ''}
        legend={t('stockView.entryDates')}
        idPrefix="stock-entry"
      />
    </div>
  );
}
