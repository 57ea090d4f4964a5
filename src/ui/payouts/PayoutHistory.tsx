import { Button, Callout, H2, Intent, Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatDate } from '../../domain/dates.ts';
import type { payoutHistoryMachine } from '../../machines/payouts/payoutHistoryMachine.ts';
import { refusalKey } from '../../machines/payouts/payoutReasons.ts';
import { pageCount } from '../../machines/shared/pagedListMachine.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { PagedTable } from '../components/PagedTable.tsx';
import { euros, methodKey } from './money.ts';

export type PayoutHistoryActor = ActorRefFrom<typeof payoutHistoryMachine>;

/** A depositor's past payouts, newest first, each with its receipt. */
export function PayoutHistory({ actor }: { actor: PayoutHistoryActor }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rows = useSelector(actor, (s) => s.context.rows);
  const count = useSelector(actor, (s) => s.context.count);
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const downloading = useSelector(actor, (s) => s.context.downloading);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const canPrevious = useSelector(actor, (s) =>
    s.can({ type: 'history.page', page: s.context.page - 1 }),
  );
  const canNext = useSelector(actor, (s) =>
    s.can({ type: 'history.page', page: s.context.page + 1 }),
  );

  return (
    <section aria-labelledby="payout-history-title" data-testid="payout-history">
      <H2 id="payout-history-title" className="seconde-fieldset-title">
        {t('payouts.history')}
      </H2>
      {failed ? (
        <FailedState
          testId="payout-history-failed"
          title={t('payouts.historyLoadFailed')}
          errorCode={errorCode}
          retryText={t('payouts.retry')}
          onRetry={() => actor.send({ type: 'history.retry' })}
        />
      ) : loading && rows.length === 0 ? (
        <Spinner size={20} aria-label={t('payouts.history')} />
      ) : rows.length === 0 ? (
        <PageState
          testId="payout-history-empty"
          icon="bank-account"
          title={t('payouts.historyEmpty')}
        />
      ) : (
        <>
          {refusal && (
            <Callout intent={Intent.DANGER} role="alert">
              {t(refusalKey(refusal))}
            </Callout>
          )}
          <PagedTable
            caption={t('payouts.history')}
            busy={loading}
            head={
              <>
                <th scope="col">{t('payouts.date')}</th>
                <th scope="col">{t('payouts.methodColumn')}</th>
                <th scope="col">{t('payouts.amount')}</th>
                <th scope="col">{t('payouts.receipt')}</th>
              </>
            }
            page={page}
            pages={pageCount(count, pageSize)}
            count={count}
            canPrevious={canPrevious}
            canNext={canNext}
            onPage={(target) => actor.send({ type: 'history.page', page: target })}
          >
            {rows.map((p) => (
              <tr key={p.uuid} data-testid="payout-row">
                <td>{formatDate(p.createdAt, language)}</td>
                <td>{t(methodKey(p.method))}</td>
                <td>{euros(p.amountCents, language)}</td>
                <td>
                  <Button
                    variant="minimal"
                    size="small"
                    icon="download"
                    text={p.receiptNumber}
                    aria-label={t('payouts.downloadReceiptOf', { number: p.receiptNumber })}
                    loading={downloading === p.uuid}
                    disabled={downloading !== null && downloading !== p.uuid}
                    onClick={() => actor.send({ type: 'history.receipt', uuid: p.uuid })}
                  />
                </td>
              </tr>
            ))}
          </PagedTable>
        </>
      )}
    </section>
  );
}
