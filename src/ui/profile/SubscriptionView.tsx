import { Callout, Classes, H1, Intent, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { selectVendorUuid } from '../../machines/people/access.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { subscriptionLogic } from '../../machines/profile/profileLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { formatDate } from '../../domain/dates.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { TrialCallout } from '../account/TrialCallout.tsx';
import { Facts } from '../people/Facts.tsx';

/**
 * `/edit-profile/subscription`: the vendor's subscription, read only, and during the free trial
 * the days left with "end the trial now".
 */
export function SubscriptionView() {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const vendorUuid = useSession(selectVendorUuid);
  const logic = useMemo(() => subscriptionLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { vendorUuid } });
  const subscription = useSelector(actor, (s) => s.context.subscription);
  const state = useSelector(actor, (s) =>
    s.hasTag('busy')
      ? 'loading'
      : s.hasTag('error')
        ? 'failed'
        : s.matches('none')
          ? 'none'
          : 'ready',
  );
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const reload = useCallback(() => actor.send({ type: 'subscription.reload' }), [actor]);

  let body;
  if (state === 'loading')
    body = (
      <PageState
        testId="subscription-loading"
        icon={<Spinner />}
        title={t('profile.subscriptionLoading')}
      />
    );
  else if (state === 'failed')
    body = (
      <FailedState
        testId="subscription-failed"
        title={t('profile.subscriptionLoadFailed')}
        errorCode={errorCode}
        retryText={t('profile.retry')}
        onRetry={() => actor.send({ type: 'subscription.retry' })}
      />
    );
  else if (state === 'none' || !subscription)
    body = (
      <PageState
        testId="subscription-none"
        icon="credit-card"
        title={t('profile.noSubscriptionTitle')}
        description={t('profile.noSubscriptionText')}
      />
    );
  else
    body = (
      <>
        <Facts
          testId="subscription-summary"
          facts={[
            [t('profile.subscriptionType'), t(labelKey('profile.type', subscription.type))],
            [t('profile.subscriptionStatus'), t(labelKey('profile.status', subscription.status))],
            [
              t('profile.currentPeriodEnd'),
              formatDate(subscription.currentPeriodEnd, i18n.language),
            ],
            [
              t('profile.cancelAtPeriodEnd'),
              t(subscription.cancelAtPeriodEnd ? 'profile.yes' : 'profile.no'),
            ],
            ...(subscription.discountPercentOff > 0
              ? [
                  [
                    t('profile.discount'),
                    t(
                      subscription.discountValid
                        ? 'profile.discountValid'
                        : 'profile.discountNoLongerOffered',
                      {
                        percent: new Intl.NumberFormat(i18n.language, {
                          style: 'percent',
                          maximumFractionDigits: 2,
                        }).format(subscription.discountPercentOff / 100),
                      },
                    ),
                  ] as [string, string],
                ]
              : []),
          ]}
        />
        <Callout intent={Intent.PRIMARY}>{t('profile.managedByProvider')}</Callout>
      </>
    );

  return (
    <section
      aria-labelledby="subscription-title"
      className="seconde-page"
      data-testid="subscription"
    >
      <H1 id="subscription-title">{t('profile.subscriptionTitle')}</H1>
      <p>
        <Link to="/edit-profile">{t('profile.backToProfile')}</Link>
      </p>
      <p>
        <Link
          to="/edit-profile/plans"
          className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
          data-testid="choose-plan"
        >
          {t('billing.choosePlan')}
        </Link>
      </p>
      <TrialCallout
        terminable={{ subscriptionUuid: subscription?.uuid ?? '', onTerminated: reload }}
      />
      {body}
    </section>
  );
}
