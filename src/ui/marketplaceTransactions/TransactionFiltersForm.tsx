import { Button, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { SALE_PLATFORM_OPTIONS } from '../../machines/buyers/platforms.ts';
import {
  statusKey,
  type TransactionFilters,
} from '../../machines/marketplaceTransactions/transactionTypes.ts';
import { TRANSACTION_STATUSES } from '../../domain/marketplaceTransactions/transactionCsv.ts';
import type { TransactionsActor } from './TransactionsView.tsx';

const text = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

/** Date range, channel, linked or not, status and a search; applied on submit. */
export function TransactionFiltersForm({ actor }: { actor: TransactionsActor }) {
  const { t } = useTranslation();
  const filters = useSelector(actor, (s) => s.context.filters);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <form
      className="seconde-transactions-filters"
      aria-label={t('transactions.filtersTitle')}
      data-testid="transactions-filters"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        const next: TransactionFilters = {
          from: text(data, 'from'),
          to: text(data, 'to'),
          channel: Number(text(data, 'channel')) || 0,
          link: Number(text(data, 'link')) || 0,
          status: text(data, 'status'),
          search: text(data, 'search'),
        };
        actor.send({ type: 'transactions.filter', filters: next });
      }}
    >
      <FormGroup label={t('transactions.from')} labelFor="transactions-from">
        <InputGroup id="transactions-from" name="from" type="date" defaultValue={filters.from} />
      </FormGroup>
      <FormGroup label={t('transactions.to')} labelFor="transactions-to">
        <InputGroup id="transactions-to" name="to" type="date" defaultValue={filters.to} />
      </FormGroup>
      <FormGroup label={t('transactions.channel')} labelFor="transactions-channel">
        <HTMLSelect id="transactions-channel" name="channel" defaultValue={filters.channel}>
          <option value={0}>{t('transactions.anyChannel')}</option>
          {SALE_PLATFORM_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.labelKey)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t('transactions.link')} labelFor="transactions-link">
        <HTMLSelect
          id="transactions-link"
          name="link"
          defaultValue={filters.link}
          data-testid="transactions-link-filter"
        >
          <option value={0}>{t('transactions.anyLink')}</option>
          <option value={1}>{t('transactions.linked')}</option>
          <option value={2}>{t('transactions.unlinked')}</option>
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t('transactions.status')} labelFor="transactions-status">
        <HTMLSelect id="transactions-status" name="status" defaultValue={filters.status}>
          <option value="">{t('transactions.anyStatus')}</option>
          {TRANSACTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(statusKey(s) ?? s)}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup label={t('transactions.search')} labelFor="transactions-search">
        <InputGroup
          id="transactions-search"
          name="search"
          type="search"
          leftIcon="search"
          defaultValue={filters.search}
        />
      </FormGroup>
      <Button type="submit" icon="search" text={t('transactions.apply')} disabled={busy} />
    </form>
  );
}
