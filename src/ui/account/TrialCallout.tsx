import { Alert, Button, Callout, Intent } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SUBSCRIPTION_PAGE } from '../../machines/subscriptionGate/subscriptionGateMachine.ts';
import { trialLogic } from '../../machines/trial/trialLogic.ts';
import {
  selectCanTerminate,
  selectDaysLeft,
  selectInTrial,
  selectIsConfirming,
  selectIsTerminating,
  selectTrialErrorKey,
} from '../../machines/trial/trialSelectors.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession, useSessionActor } from '../app/sessionContext.ts';
import { showToast } from '../components/toaster.ts';

/** The session's trial start, epoch ms (vendors only). */
const selectTrialStart = (s: { context: { user: { trialStart: Date | null } | null } }) =>
  s.context.user?.trialStart?.getTime() ?? null;

/** One trial actor fed with the session's trial start; ending the trial reloads the session. */
function useTrial(onTerminated?: () => void) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const session = useSessionActor();
  const trialStart = useSession(selectTrialStart);
  const logic = useMemo(() => trialLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { trialStart } });
  useEffect(() => {
    actor.send({ type: 'trial.userChanged', trialStart });
  }, [actor, trialStart]);
  useEffect(() => {
    const subscription = actor.on('trial.terminated', () => {
      showToast('success', t('account.trialTerminated'));
      session.send({ type: 'session.reload' });
      onTerminated?.();
    });
    return () => subscription.unsubscribe();
  }, [actor, session, t, onTerminated]);
  return actor;
}

/** French and English both say "1 day" but "n days"; keys stay two-level, so two keys. */
const daysLeftKey = (count: number) =>
  count === 1 ? 'account.trialDaysLeftOne' : 'account.trialDaysLeftMany';

export interface TrialCalloutProps {
  /** `banner`: one discreet line linking to the subscription page; `callout` (default): a block. */
  readonly variant?: 'banner' | 'callout';
  /** Offer "end the trial now" (the subscription page), for this subscription ('' = own). */
  readonly terminable?: { readonly subscriptionUuid: string; readonly onTerminated?: () => void };
}

/**
 * The days left of the vendor's 14-day free trial (1-app-shell.md §4); nothing outside a trial.
 * Dashboards place it as is; the subscription page adds the "end the trial" action.
 */
export function TrialCallout({ variant = 'callout', terminable }: TrialCalloutProps) {
  const { t } = useTranslation();
  const actor = useTrial(terminable?.onTerminated);
  const inTrial = useSelector(actor, selectInTrial);
  const daysLeft = useSelector(actor, selectDaysLeft);
  const canTerminate = useSelector(actor, selectCanTerminate);
  const confirming = useSelector(actor, selectIsConfirming);
  const terminating = useSelector(actor, selectIsTerminating);
  const errorKey = useSelector(actor, selectTrialErrorKey);
  const titleId = useId();
  if (!inTrial) return null;

  const text = t(daysLeftKey(daysLeft), { count: daysLeft });
  if (variant === 'banner')
    return (
      <aside
        className="seconde-trial-banner"
        aria-label={t('account.trialTitle')}
        data-testid="trial-banner"
      >
        <span>{text}</span>
        <Link to={SUBSCRIPTION_PAGE}>{t('account.trialSeeSubscription')}</Link>
      </aside>
    );

  return (
    <Callout
      intent={Intent.PRIMARY}
      icon="time"
      title={t('account.trialTitle')}
      className="seconde-trial-callout"
      data-testid="trial-callout"
    >
      <p data-testid="trial-days-left">{text}</p>
      <p>{t('account.trialText')}</p>
      {terminable && (
        <>
          <Button
            text={t('account.terminateTrial')}
            disabled={!canTerminate}
            onClick={() =>
              actor.send({ type: 'trial.terminate', subscriptionUuid: terminable.subscriptionUuid })
            }
          />
          <Alert
            isOpen={confirming}
            intent={Intent.PRIMARY}
            icon="credit-card"
            loading={terminating}
            confirmButtonText={t('account.terminateTrialConfirm')}
            cancelButtonText={t('account.cancel')}
            onConfirm={() => actor.send({ type: 'trial.confirm' })}
            onCancel={() => actor.send({ type: 'trial.cancel' })}
            canEscapeKeyCancel={!terminating}
            aria-labelledby={titleId}
          >
            <h2 id={titleId} className="bp6-heading">
              {t('account.terminateTrialTitle')}
            </h2>
            <p>{t('account.terminateTrialText')}</p>
            {errorKey && (
              <Callout
                intent={Intent.DANGER}
                role="alert"
                title={t('account.terminateTrialFailed')}
              >
                {t(errorKey)}
              </Callout>
            )}
          </Alert>
        </>
      )}
    </Callout>
  );
}
