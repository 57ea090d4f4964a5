import { Button, Callout, Card, Classes, H2, Intent, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deliveryServiceOf } from '../../domain/shipping/deliveryServices.ts';
import { returnLabelLogic } from '../../machines/shipping/returnLabelLogic.ts';
import { returnRefusalKey } from '../../machines/shipping/returnLabelMachine.ts';
import { shippingStatusKey } from '../../machines/shipping/shipTypes.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { FailedState } from '../components/PageState.tsx';
import './shipping.css';

/**
 * The deposit page's "Restitution by post": the deposit's return label (carrier, tracking number,
 * status with its date, PDF), or the button that makes it to the depositor's address.
 */
export function ReturnLabelSection({ deposit }: { deposit: string }) {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => returnLabelLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { deposit } });
  const label = useSelector(actor, (s) => s.context.label);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const making = useSelector(actor, (s) => s.matches('making'));
  const downloading = useSelector(actor, (s) => s.matches('downloading'));
  const canMake = useSelector(actor, (s) => s.can({ type: 'return.make' }));
  const canDownload = useSelector(actor, (s) => s.can({ type: 'return.download' }));
  const date = label?.statusAt
    ? new Date(label.statusAt).toLocaleString(i18n.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : '';
  const status = label ? t(shippingStatusKey(label.status)) : '';
  return (
    <Card>
      <section aria-labelledby="deposit-return-title" data-testid="deposit-return">
        <H2 id="deposit-return-title">{t('returnLabel.title')}</H2>
        {loading && !label ? (
          <Spinner size={20} aria-label={t('returnLabel.loading')} />
        ) : failed ? (
          <FailedState
            testId="deposit-return-failed"
            title={t('returnLabel.loadFailed')}
            errorCode={errorCode}
            retryText={t('returnLabel.retry')}
            onRetry={() => actor.send({ type: 'return.retry' })}
          />
        ) : label ? (
          <dl className="seconde-ship-label" data-testid="deposit-return-label">
            <dt>{t('returnLabel.carrier')}</dt>
            <dd>{deliveryServiceOf(label.deliveryService)?.name ?? ''}</dd>
            <dt>{t('returnLabel.trackingNumber')}</dt>
            <dd data-testid="deposit-return-tracking">{label.trackingNumber}</dd>
            <dt>{t('returnLabel.deliveryStatus')}</dt>
            <dd data-testid="deposit-return-status">
              {date ? t('returnLabel.statusWithDate', { status, date }) : status}
            </dd>
          </dl>
        ) : (
          <p className={Classes.TEXT_MUTED}>{t('returnLabel.help')}</p>
        )}
        {refusal && (
          <Callout intent={Intent.DANGER} role="alert" data-testid="deposit-return-refusal">
            {t(returnRefusalKey(refusal))}
          </Callout>
        )}
        {(canMake || making) && (
          <Button
            icon="box"
            intent={Intent.PRIMARY}
            loading={making}
            text={t('returnLabel.make')}
            onClick={() => actor.send({ type: 'return.make' })}
            data-testid="deposit-return-make"
          />
        )}
        {(canDownload || downloading) && (
          <Button
            icon="download"
            loading={downloading}
            text={t('returnLabel.download')}
            onClick={() => actor.send({ type: 'return.download' })}
            data-testid="deposit-return-download"
          />
        )}
      </section>
    </Card>
  );
}
