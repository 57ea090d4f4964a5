import './referrals.css';
import { Button, Callout, Classes, H1, Intent, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { selectVendorUuid } from '../../machines/people/access.ts';
import { profileLogic } from '../../machines/profile/profileLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { showToast } from '../components/toaster.ts';
import { ProfileForm } from './ProfileForm.tsx';
import { ReferralsPanel } from './ReferralsPanel.tsx';

/** The profile machine of the signed-in vendor: load, edit, save, stale, failed. */
function VendorProfile({ vendorUuid }: { vendorUuid: string }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => profileLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { vendorUuid } });
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const stale = useSelector(actor, (s) => s.hasTag('stale'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  useEffect(() => {
    const subs = [
      actor.on('profile.saved', () => showToast('success', t('profile.saved'))),
      actor.on('profile.saveFailed', (e) => showToast('danger', t(`errors.${e.code}`))),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, t]);

  if (loading)
    return <PageState testId="profile-loading" icon={<Spinner />} title={t('profile.loading')} />;
  if (failed)
    return (
      <FailedState
        testId="profile-failed"
        title={t('profile.loadFailed')}
        errorCode={errorCode}
        retryText={t('profile.retry')}
        onRetry={() => actor.send({ type: 'profile.retry' })}
      />
    );
  if (stale)
    return (
      <Callout intent={Intent.WARNING} title={t('profile.staleTitle')} data-testid="profile-stale">
        <p>{t('profile.staleText')}</p>
        <Button
          icon="refresh"
          text={t('profile.reload')}
          onClick={() => actor.send({ type: 'profile.reload' })}
        />
      </Callout>
    );
  return <ProfileForm actor={actor} />;
}

/** `/edit-profile`: the signed-in vendor's own record. */
export function ProfileView() {
  const { t } = useTranslation();
  const vendorUuid = useSession(selectVendorUuid);
  return (
    <section aria-labelledby="profile-title" className="seconde-page" data-testid="profile">
      <H1 id="profile-title">{t('profile.title')}</H1>
      <p className={`${Classes.TEXT_MUTED} seconde-profile-intro`}>
        {t('profile.intro')}{' '}
        <Link to="/edit-profile/subscription">{t('profile.subscriptionLink')}</Link>
      </p>
      {vendorUuid ? (
        <>
          <VendorProfile vendorUuid={vendorUuid} />
          <ReferralsPanel />
        </>
      ) : (
        <PageState
          testId="profile-no-vendor"
          icon="person"
          title={t('profile.noVendorTitle')}
          description={t('profile.noVendorText')}
        />
      )}
    </section>
  );
}
