import {
  Checkbox,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Spinner,
  SpinnerSize,
} from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, memo, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SALE_STATUSES, type SaleStatus } from '../../domain/deposit/statuses.ts';
import { saleStatusI18nKey } from '../../machines/deposit/enums.ts';
import {
  NO_OPTIONS,
  stockOptionsLogic,
  type StockOption,
} from '../../machines/stock/stockOptions.ts';
import type { StockQueryFilters } from '../../machines/stock/stockQuery.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { DateRangeFilter } from '../components/DateRangeFilter.tsx';
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
  const { filters, filter } = list;
  // Each part is drawn again only when its own value changes: a key typed in the search box
  // does not redraw the statuses, the long option lists nor the dates.
  return (
    <div
      className="seconde-pages-filters seconde-stock-filters"
      role="search"
      aria-label={t('pages.stockFilters')}
    >
      <SearchBox search={filters.search} busy={list.busy} filter={filter} />
      <StatusBoxes saleStatuses={filters.saleStatuses} filter={filter} />
      <Pick name="deposit" value={filters.deposit} choices={options.deposits} filter={filter} />
      <Pick name="category" value={filters.category} choices={options.categories} filter={filter} />
      <Pick name="brand" value={filters.brand} choices={options.brands} filter={filter} />
      <EntryDates from={filters.from} to={filters.to} filter={filter} />
    </div>
  );
}

type Filter = StockWindow['filter'];

/** Whether lines are loading, for the spinner inside the search box. */
const BusyContext = createContext(false);

function SearchBusy() {
  const busy = useContext(BusyContext);
  return (
    <span className="seconde-stock-search-busy">
      {busy && <Spinner size={SpinnerSize.SMALL} />}
    </span>
  );
}

// Always the same element of a fixed width: Blueprint's search box measures its right element
// (a forced layout) whenever that element changes, and lines load often while scrolling.
const SEARCH_BUSY = <SearchBusy />;

const SearchBox = memo(
  ({ search, busy, filter }: { search: string; busy: boolean; filter: Filter }) => {
    const { t } = useTranslation();
    return (
      <BusyContext.Provider value={busy}>
        <InputGroup
          className="seconde-pages-search"
          type="search"
          leftIcon="search"
          aria-label={t('pages.stockSearch')}
          placeholder={t('pages.stockSearch')}
          value={search}
          onValueChange={(next) => filter({ search: next })}
          rightElement={SEARCH_BUSY}
          data-testid="stock-search"
        />
      </BusyContext.Provider>
    );
  },
);

const StatusBoxes = memo(
  ({ saleStatuses, filter }: { saleStatuses: readonly SaleStatus[]; filter: Filter }) => {
    const { t } = useTranslation();
    return (
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
              filter({
                saleStatuses: SALE_STATUSES.filter((s) =>
                  s === status ? on : saleStatuses.includes(s),
                ),
              });
            }}
          />
        ))}
      </fieldset>
    );
  },
);

interface PickProps {
  readonly name: 'deposit' | 'category' | 'brand';
  readonly value: string;
  readonly choices: readonly StockOption[];
  readonly filter: Filter;
}

const Pick = memo(({ name, value, choices, filter }: PickProps) => {
  const { t } = useTranslation();
  return (
    <FormGroup label={t(`stockView.${name}`)} labelFor={`stock-${name}`} inline>
      <HTMLSelect
        id={`stock-${name}`}
        value={value}
        data-testid={`stock-filter-${name}`}
        onChange={(e) => filter({ [name]: e.currentTarget.value } as Partial<StockQueryFilters>)}
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
});

const EntryDates = memo(({ from, to, filter }: { from: string; to: string; filter: Filter }) => {
  const { t } = useTranslation();
  return (
    <DateRangeFilter
      range={{ dateFrom: from, dateTo: to }}
      onChange={(r) =>
        filter({
          ...(r.dateFrom !== undefined && { from: r.dateFrom }),
          ...(r.dateTo !== undefined && { to: r.dateTo }),
        })
      }
      canClear={from !== '' || to !== ''}
      legend={t('stockView.entryDates')}
      idPrefix="stock-entry"
    />
  );
});
