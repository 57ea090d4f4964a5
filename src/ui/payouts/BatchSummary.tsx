import { Button, Callout, Card, H2, Intent } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { reasonKey, refusalKey } from '../../machines/payouts/payoutReasons.ts';
import type { sepaBatchMachine } from '../../machines/payouts/sepaBatchMachine.ts';
import { euros } from './money.ts';

/** A created SEPA file: its name, how many transfers for how much, and who was left out and why. */
export function BatchSummary({ actor }: { actor: ActorRefFrom<typeof sepaBatchMachine> }) {
  const { t, i18n } = useTranslation();
  const result = useSelector(actor, (s) => s.context.result);
  const downloading = useSelector(actor, (s) => s.matches('downloading'));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  if (!result) return null;
  return (
    <Card data-testid="batch-summary" className="seconde-batch-summary">
      <Callout intent={Intent.SUCCESS} role="status">
        <p>{t('payouts.created', { file: result.fileName })}</p>
        <p data-testid="batch-summary-totals">
          {t('payouts.summary', {
            count: result.count,
            amount: euros(result.totalCents, i18n.language),
          })}
        </p>
      </Callout>
      {result.excluded.length > 0 && (
        <>
          <H2 className="seconde-fieldset-title">{t('payouts.excludedTitle')}</H2>
          <ul data-testid="batch-excluded">
            {result.excluded.map((e) => (
              <li key={e.customer}>
                {t('payouts.excludedLine', {
                  name: e.name,
                  reason: t(reasonKey(e.reason) ?? 'errors.invalidRequest'),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {refusal && (
        <Callout intent={Intent.DANGER} role="alert">
          {t(refusalKey(refusal))}
        </Callout>
      )}
      <div className="seconde-payout-actions">
        <Button
          icon="download"
          text={t('payouts.downloadAgain')}
          loading={downloading}
          onClick={() => actor.send({ type: 'batch.download' })}
          data-testid="batch-download"
        />
        <Button
          icon="refresh"
          text={t('payouts.newBatch')}
          disabled={downloading}
          onClick={() => actor.send({ type: 'batch.reload' })}
        />
      </div>
    </Card>
  );
}
