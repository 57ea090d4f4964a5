import { Button, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerEntryKind } from '../../domain/ledger/ledger.ts';
import { formatDate } from '../../domain/dates.ts';
import { today } from '../../domain/dates.ts';
import { ledgerLogic } from '../../machines/ledger/ledgerLogic.ts';
import { payoutHistoryLogic, settleLogic } from '../../machines/payouts/payoutLogic.ts';
import { pageCount } from '../../machines/shared/pagedListMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { formatPrice } from '../components/format.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import '../payouts/payouts.css';
import { PayoutHistory } from '../payouts/PayoutHistory.tsx';
import { SettleDialog } from '../payouts/SettleDialog.tsx';
import { Pager } from './Pager.tsx';

const KIND_KEY: Record<LedgerEntryKind, string> = {
  SALE_CREDIT: 'people.ledgerKindSaleCredit',
  SALE_REVERSAL: 'people.ledgerKindSaleReversal',
  PAYOUT: 'people.ledgerKindPayout',
};

const euros = (cents: number, language: string) => formatPrice(cents / 100, language);

/** A depositor's balance, what is payable now, and the entries with their items, newest first. */
export function BalancePanel({ customer }: { customer: string }) {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => ledgerLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { customer } });
  const settle = useActorRef(
    useMemo(() => settleLogic(clients), [clients]),
    {
      input: { customer, today: today(new Date()) },
    },
  );
  const history = useActorRef(
    useMemo(() => payoutHistoryLogic(clients), [clients]),
    {
      input: { customer },
    },
  );
  // A payout changes the balance, the entries and the history: all three are read again.
  useEffect(() => {
    const settled = settle.on('settle.settled', () => {
      actor.send({ type: 'ledger.reload' });
      history.send({ type: 'history.reload' });
    });
    return () => settled.unsubscribe();
  }, [settle, actor, history]);
  const balance = useSelector(actor, (s) => s.context.balanceCents);
  const payable = useSelector(actor, (s) => s.context.payableCents);
  const rows = useSelector(actor, (s) => s.context.rows);
  const count = useSelector(actor, (s) => s.context.count);
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const canPrevious = useSelector(actor, (s) =>
    s.can({ type: 'ledger.page', page: s.context.page - 1 }),
  );
  const canNext = useSelector(actor, (s) =>
    s.can({ type: 'ledger.page', page: s.context.page + 1 }),
  );
  const language = i18n.language;

  if (failed)
    return (
      <FailedState
        testId="ledger-failed"
        title={t('people.loadFailed')}
        errorCode={errorCode}
        retryText={t('people.retry')}
        onRetry={() => actor.send({ type: 'ledger.retry' })}
      />
    );
  if (busy && rows.length === 0)
    return <PageState testId="ledger-loading" icon={<Spinner />} title={t('people.loading')} />;

  return (
    <div className="seconde-list" data-testid="ledger" aria-busy={busy}>
      <dl aria-label={t('people.ledgerFigures')} className="seconde-figures">
        <div>
          <dt>{t('people.ledgerBalance')}</dt>
          <dd data-testid="ledger-balance">{euros(balance, language)}</dd>
        </div>
        <div>
          <dt>{t('people.ledgerPayable')}</dt>
          <dd data-testid="ledger-payable">{euros(payable, language)}</dd>
        </div>
      </dl>
      <Button
        intent={Intent.PRIMARY}
        icon="bank-account"
        text={t('payouts.settle')}
        onClick={() => settle.send({ type: 'settle.open' })}
        data-testid="settle-open"
      />
      <SettleDialog actor={settle} />
      {rows.length === 0 ? (
        <PageState testId="ledger-empty" icon="inbox" title={t('people.noLedgerEntries')} />
      ) : (
        <>
          {/* Narrow screens scroll the entries sideways; the region takes the focus to do so. */}
          <div
            className="seconde-table-scroll"
            role="region"
            aria-label={t('people.ledgerEntries')}
            tabIndex={0}
          >
            <HTMLTable striped className="seconde-table">
              <caption className="seconde-sr-only">{t('people.ledgerEntries')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('people.date')}</th>
                  <th scope="col">{t('people.ledgerKind')}</th>
                  <th scope="col">{t('people.reference')}</th>
                  <th scope="col">{t('people.itemName')}</th>
                  <th scope="col">{t('people.ledgerAmount')}</th>
                  <th scope="col">{t('people.ledgerPayableState')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((e) => (
                  <tr key={e.uuid} data-testid="ledger-row">
                    <td>{formatDate(e.createdAt, language)}</td>
                    <td>{e.kind ? t(KIND_KEY[e.kind]) : ''}</td>
                    <td>{e.productReference || t('people.ledgerNoItem')}</td>
                    <td>{e.productName || t('people.ledgerNoItem')}</td>
                    <td>{euros(e.amountCents, language)}</td>
                    <td>
                      {e.payableAt === null ? (
                        <Tag minimal>{t('people.ledgerAwaitingPayment')}</Tag>
                      ) : (
                        <Tag minimal intent="success">
                          {t('people.ledgerPayableSince', {
                            date: formatDate(e.payableAt, language),
                          })}
                        </Tag>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          <Pager
            page={page}
            pages={pageCount(count, pageSize)}
            count={count}
            canPrevious={canPrevious}
            canNext={canNext}
            onPage={(target) => actor.send({ type: 'ledger.page', page: target })}
          />
        </>
      )}
      <PayoutHistory actor={history} />
    </div>
  );
}
