import { Button, Card, Checkbox, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  DEPOSIT_ENUMS,
  DEPOSIT_STATUSES,
  depositStatusI18nKey,
  enumI18nKey,
  enumLabels,
  type DepositEnumName,
} from '../../machines/deposit/enums.ts';
import type { DepositFilters } from '../../machines/depositList/depositListQuery.ts';
import { DATE_SHORTCUTS, shortcutRange, type DateShortcut } from '../../domain/dates.ts';
import {
  selectFilters,
  selectOptions,
  selectStatusCounts,
  selectViewer,
} from '../../machines/depositList/depositListSelectors.ts';
import { useList, useListActor } from './listContext.ts';

type EnumFilter = 'family' | 'gamme' | 'season';
const ENUM_FILTERS: readonly [EnumFilter, DepositEnumName][] = [
  ['family', 'family'],
  ['gamme', 'gamme'],
  ['season', 'season'],
];

/** The list's filters: statuses with their counts, criteria, people and a creation-date range. */
export function DepositFilterBar() {
  const { t } = useTranslation();
  const actor = useListActor();
  const filters = useList(selectFilters);
  const counts = useList(selectStatusCounts);
  const options = useList(selectOptions);
  const viewer = useList(selectViewer);
  const set = (patch: Partial<DepositFilters>) =>
    actor.send({ type: 'list.setFilters', filters: patch });
  const toggleStatus = (status: (typeof DEPOSIT_STATUSES)[number], on: boolean) =>
    set({
      statuses: DEPOSIT_STATUSES.filter((s) => (s === status ? on : filters.statuses.includes(s))),
    });

  return (
    <Card className="seconde-deposit-filters" data-testid="deposit-filters">
      <fieldset className="seconde-status-filter">
        <legend>
          {t('deposits.status')} ·{' '}
          {filters.statuses.length === 0
            ? t('deposits.statusDefault')
            : t('deposits.statusSelected', { count: filters.statuses.length })}
        </legend>
        {DEPOSIT_STATUSES.map((status) => (
          <Checkbox
            key={status}
            inline
            data-testid={`status-filter-${status}`}
            checked={filters.statuses.includes(status)}
            onChange={(e) => toggleStatus(status, e.currentTarget.checked)}
            labelElement={
              <span>
                {t(depositStatusI18nKey(status))}{' '}
                <span className="seconde-count" data-testid={`status-count-${status}`}>
                  ({counts[status] ?? 0})
                </span>
              </span>
            }
          />
        ))}
      </fieldset>
      <div className="seconde-filter-row">
        {ENUM_FILTERS.map(([name, enumName]) => (
          <FormGroup key={name} label={t(`deposits.${name}`)} labelFor={`filter-${name}`}>
            <HTMLSelect
              id={`filter-${name}`}
              value={filters[name]}
              onChange={(e) => set({ [name]: e.currentTarget.value })}
            >
              <option value="">{t('deposits.any')}</option>
              {enumLabels(DEPOSIT_ENUMS[enumName].values).map((label) => (
                <option key={label} value={label}>
                  {t(enumI18nKey(enumName, label))}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        ))}
        {viewer.isAdminLevel && (
          <FormGroup label={t('deposits.vendor')} labelFor="filter-vendor">
            <HTMLSelect
              id="filter-vendor"
              value={filters.vendor}
              onChange={(e) => set({ vendor: e.currentTarget.value })}
            >
              <option value="">{t('deposits.any')}</option>
              {options.vendors.map((o) => (
                <option key={o.uuid} value={o.uuid}>
                  {o.label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
        {!viewer.isCustomer && (
          <FormGroup label={t('deposits.customer')} labelFor="filter-customer">
            <HTMLSelect
              id="filter-customer"
              value={filters.customer}
              onChange={(e) => set({ customer: e.currentTarget.value })}
            >
              <option value="">{t('deposits.any')}</option>
              {options.customers.map((o) => (
                <option key={o.uuid} value={o.uuid}>
                  {o.label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        )}
        <FormGroup label={t('deposits.dateFrom')} labelFor="filter-from">
          <InputGroup
            id="filter-from"
            type="date"
            value={filters.dateFrom}
            onValueChange={(dateFrom) => set({ dateFrom })}
          />
        </FormGroup>
        <FormGroup label={t('deposits.dateTo')} labelFor="filter-to">
          <InputGroup
            id="filter-to"
            type="date"
            value={filters.dateTo}
            onValueChange={(dateTo) => set({ dateTo })}
          />
        </FormGroup>
        <FormGroup label={t('deposits.shortcuts')} labelFor="filter-shortcut">
          <HTMLSelect
            id="filter-shortcut"
            value=""
            onChange={(e) =>
              e.currentTarget.value &&
              set(shortcutRange(e.currentTarget.value as DateShortcut, new Date()))
            }
          >
            <option value="">—</option>
            {DATE_SHORTCUTS.map((s) => (
              <option key={s} value={s}>
                {t(`deposits.${s}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button
          className="seconde-filter-clear"
          icon="filter-remove"
          text={t('deposits.clearFilters')}
          onClick={() => actor.send({ type: 'list.clearFilters' })}
        />
      </div>
    </Card>
  );
}
