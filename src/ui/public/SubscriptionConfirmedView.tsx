import { Button, Classes, H1, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { checkoutConfirmationLogic } from '../../machines/billing/billingLogic.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { formatDate } from '../../domain/dates.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { ThanksPicture } from './BrandLogo.tsx';
import { PublicLayout } from './PublicLayout.tsx';

const dashboardLink = `${Classes.BUTTON} ${Classes.INTENT_PRIMARY} ${Classes.LARGE}`;

/** The wait for the provider's confirmation of one checkout session, then the plan confirmed. */
function Confirmation({ sessionId }: { sessionId: string }) {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => checkoutConfirmationLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { sessionId } });
  const state = useSelector(actor, (s) =>
    s.hasTag('busy')
      ? 'waiting'
      : s.matches('confirmed')
        ? 'confirmed'
        : s.matches('expired')
          ? 'expired'
          : s.matches('late')
            ? 'late'
            : 'failed',
  );
  const plan = useSelector(actor, (s) => s.context.plan);
  const errorKey = useSelector(actor, (s) => s.context.errorKey);
  const retry = () => actor.send({ type: 'confirmation.retry' });

  if (state === 'waiting')
    return (
      <div data-testid="subscription-waiting" aria-live="polite">
        <H1>{t('billing.confirmWaitingTitle')}</H1>
        <Spinner size={32} />
        <p className={Classes.TEXT_LARGE}>{t('billing.confirmWaitingText')}</p>
      </div>
    );
  if (state === 'confirmed' && plan)
    return (
      <div data-testid="subscription-confirmed" aria-live="polite">
        <H1>{t('billing.confirmedTitle')}</H1>
        <p className={Classes.TEXT_LARGE} data-testid="confirmed-plan">
          {t('billing.confirmedPlan', { plan: t(labelKey('profile.type', plan.type)) })}
        </p>
        <p>
          {t(plan.status === 'TRIALING' ? 'billing.confirmedTrial' : 'billing.confirmedActive', {
            date: formatDate(plan.currentPeriodEnd, i18n.language),
          })}
        </p>
        <Link to="/" className={dashboardLink} data-testid="subscription-confirmed-dashboard">
          {t('publicPages.thanksDashboard')}
        </Link>
      </div>
    );
  if (state === 'expired')
    return (
      <div data-testid="subscription-expired">
        <H1>{t('billing.expiredTitle')}</H1>
        <p>{t('billing.expiredText')}</p>
        <Link to="/edit-profile/plans" className={dashboardLink}>
          {t('billing.choosePlan')}
        </Link>
      </div>
    );
  return (
    <div data-testid={state === 'late' ? 'subscription-late' : 'subscription-check-failed'}>
      <H1>{t(state === 'late' ? 'billing.lateTitle' : 'billing.checkFailedTitle')}</H1>
      <p role={state === 'late' ? undefined : 'alert'}>
        {t(state === 'late' ? 'billing.lateText' : (errorKey ?? 'errors.unexpected'))}
      </p>
      <Button icon="refresh" text={t('billing.checkAgain')} onClick={retry} />
    </div>
  );
}

/**
 * Where the payment provider sends a vendor back after subscribing: it shows the plan once the
 * provider's signed webhook has confirmed it on our server, never on the return address alone.
 */
export function SubscriptionConfirmedView() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  return (
    <PublicLayout picture={<ThanksPicture label={t('publicPages.thanksImage')} />}>
      {sessionId ? (
        <Confirmation sessionId={sessionId} />
      ) : (
        <div data-testid="subscription-no-session">
          <H1>{t('billing.noSessionTitle')}</H1>
          <p>{t('billing.noSessionText')}</p>
          <Link to="/" className={dashboardLink} data-testid="subscription-confirmed-dashboard">
            {t('publicPages.thanksDashboard')}
          </Link>
        </div>
      )}
    </PublicLayout>
  );
}
