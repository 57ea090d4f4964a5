import { Button, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { platformKey } from '../../machines/buyers/platforms.ts';
import { formatCents, statusKey } from '../../machines/marketplaceTransactions/transactionTypes.ts';
import { PageState } from '../components/PageState.tsx';
import type { TransactionsActor } from './TransactionsView.tsx';

/** The filtered sales, newest first, each with its amounts and its link action. */
export function TransactionTable({ actor }: { actor: TransactionsActor }) {
  const { t, i18n } = useTranslation();
  const rows = useSelector(actor, (s) => s.context.rows);
  const count = useSelector(actor, (s) => s.context.count);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const canLink = useSelector(actor, (s) => s.matches('ready'));
  const money = (cents: number) => formatCents(cents, i18n.language);
  const date = (iso: string) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date(iso)) : '';
  if (loading && rows.length === 0)
    return (
      <PageState
        testId="transactions-loading"
        icon={<Spinner />}
        title={t('transactions.loading')}
      />
    );
  if (rows.length === 0)
    return (
      <PageState
        testId="transactions-empty"
        icon="exchange"
        title={t('transactions.empty')}
        description={t('transactions.emptyHint')}
      />
    );
  return (
    <>
      <p role="status">{t('transactions.count', { count })}</p>
      <div className="seconde-table-scroll">
        <HTMLTable
          striped
          className="seconde-table"
          aria-busy={loading}
          data-testid="transactions-table"
        >
          <caption className="seconde-sr-only">{t('transactions.pageTitle')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('transactions.colDate')}</th>
              <th scope="col">{t('transactions.colItem')}</th>
              <th scope="col">{t('transactions.colChannel')}</th>
              <th scope="col">{t('transactions.colStatus')}</th>
              <th scope="col">{t('transactions.colBuyer')}</th>
              <th scope="col" className="seconde-transactions-money">
                {t('transactions.colPrice')}
              </th>
              <th scope="col" className="seconde-transactions-money">
                {t('transactions.colBuyerFee')}
              </th>
              <th scope="col" className="seconde-transactions-money">
                {t('transactions.colSellerFee')}
              </th>
              <th scope="col" className="seconde-transactions-money">
                {t('transactions.colShipping')}
              </th>
              <th scope="col" className="seconde-transactions-money">
                {t('transactions.colPayout')}
              </th>
              <th scope="col">{t('transactions.colLink')}</th>
              <th scope="col">
                <span className="seconde-sr-only">{t('transactions.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const channel = platformKey(r.channel);
              return (
                <tr key={r.uuid} data-testid="transaction-row" data-transaction={r.id}>
                  <td>{date(r.soldAt)}</td>
                  <td>{r.title}</td>
                  <td>{channel ? t(channel) : ''}</td>
                  <td>{statusKey(r.status) ? t(statusKey(r.status)!) : r.status}</td>
                  <td>{r.buyerLogin}</td>
                  <td className="seconde-transactions-money">{money(r.priceCents)}</td>
                  <td className="seconde-transactions-money">{money(r.buyerFeeCents)}</td>
                  <td className="seconde-transactions-money">{money(r.sellerFeeCents)}</td>
                  <td className="seconde-transactions-money">{money(r.shippingCents)}</td>
                  <td className="seconde-transactions-money">{money(r.payoutCents)}</td>
                  <td>
                    <Tag
                      minimal
                      intent={r.product ? 'success' : 'none'}
                      data-testid="transaction-linked"
                    >
                      {r.product ? t('transactions.linkedMark') : t('transactions.notLinked')}
                    </Tag>
                  </td>
                  <td>
                    <Button
                      minimal
                      icon="link"
                      disabled={!canLink}
                      aria-label={t('transactions.linkAction', { title: r.title })}
                      onClick={() => actor.send({ type: 'transactions.link', uuid: r.uuid })}
                      data-testid="transaction-link"
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </div>
    </>
  );
}
