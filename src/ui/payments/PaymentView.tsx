import { AnchorButton, Button, Callout, Classes, H1, Intent, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paymentLogic } from '../../machines/payments/paymentLogic.ts';
import { formatPrice } from '../components/format.ts';
import { useAppServices } from '../app/servicesContext.ts';

const dashboardLink = `${Classes.BUTTON} ${Classes.MINIMAL}`;

/** The waiting screen of one payment; the machine resumes it from the server's state. */
function Payment({ uuid }: { uuid: string }) {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => paymentLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { uuid } });
  const state = useSelector(actor, (s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('waiting')
        ? 'waiting'
        : s.matches('refreshing')
          ? 'refreshing'
          : s.matches('confirmed')
            ? 'confirmed'
            : s.matches('expired')
              ? 'expired'
              : s.matches('cancelled')
                ? 'cancelled'
                : 'failed',
  );
  const payment = useSelector(actor, (s) => s.context.payment);
  const errorKey = useSelector(actor, (s) => s.context.errorKey);
  const amount = payment ? formatPrice(payment.amountCents / 100, i18n.language) : '';

  const header = payment && (
    <>
      <p className={Classes.TEXT_LARGE} data-testid="payment-description">
        {payment.description}
      </p>
      <p data-testid="payment-amount">{t('payments.amount', { amount })}</p>
    </>
  );

  if (state === 'loading' || state === 'refreshing')
    return (
      <div data-testid="payment-loading" aria-live="polite" aria-busy="true">
        <H1>{t('payments.pageTitle')}</H1>
        <Spinner size={32} aria-label={t('payments.loading')} />
      </div>
    );
  if (state === 'waiting' && payment)
    return (
      <div data-testid="payment-waiting" aria-live="polite">
        <H1>{t('payments.waitingTitle')}</H1>
        {header}
        <p>{t('payments.waitingText')}</p>
        <Spinner size={24} aria-label={t('payments.waitingTitle')} />
        {payment.paymentUrl && (
          <p>
            <AnchorButton
              large
              intent={Intent.PRIMARY}
              icon="credit-card"
              href={payment.paymentUrl}
              data-testid="payment-pay"
              text={t('payments.pay', { amount })}
            />
          </p>
        )}
      </div>
    );
  if (state === 'confirmed')
    return (
      <div data-testid="payment-confirmed" aria-live="polite">
        <H1>{t('payments.confirmedTitle')}</H1>
        {header}
        <Callout intent={Intent.SUCCESS} icon="tick-circle">
          {t('payments.confirmedText', { amount })}
        </Callout>
        <p>
          {payment?.backTo && (
            <Link
              to={payment.backTo}
              className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
              data-testid="payment-back"
            >
              {t('payments.backToItem')}
            </Link>
          )}{' '}
          <Link to="/" className={dashboardLink}>
            {t('payments.backToDashboard')}
          </Link>
        </p>
      </div>
    );
  if (state === 'expired') {
    const waitExpired = payment?.status === 'NOT_STARTED' && payment.waitExpired;
    return (
      <div data-testid={waitExpired ? 'payment-wait-expired' : 'payment-expired'}>
        <H1>{t(waitExpired ? 'payments.waitExpiredTitle' : 'payments.expiredTitle')}</H1>
        {header}
        <Callout intent={Intent.WARNING}>
          {t(waitExpired ? 'payments.waitExpiredText' : 'payments.expiredText')}
        </Callout>
        <p>
          <Button
            intent={Intent.PRIMARY}
            icon="refresh"
            data-testid="payment-refresh"
            text={t('payments.refresh')}
            onClick={() => actor.send({ type: 'payment.refresh' })}
          />
        </p>
      </div>
    );
  }
  if (state === 'cancelled') {
    const refunded = payment?.status === 'REFUNDED';
    return (
      <div data-testid={refunded ? 'payment-refunded' : 'payment-cancelled'}>
        <H1>{t(refunded ? 'payments.refundedTitle' : 'payments.cancelledTitle')}</H1>
        {header}
        <p>{t(refunded ? 'payments.refundedText' : 'payments.cancelledText')}</p>
      </div>
    );
  }
  return (
    <div data-testid="payment-failed">
      <H1>{t('payments.failedTitle')}</H1>
      <p role="alert">{t(errorKey ?? 'errors.unexpected')}</p>
      <Button
        icon="refresh"
        text={t('payments.retry')}
        onClick={() => actor.send({ type: 'payment.retry' })}
      />
    </div>
  );
}

/** `/payments/:paymentUuid`: where the provider's checkout returns, and where the wait resumes. */
export function PaymentView() {
  const { paymentUuid = '' } = useParams();
  return <Payment key={paymentUuid} uuid={paymentUuid} />;
}
