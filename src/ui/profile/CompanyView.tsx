import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { companyLogic } from '../../machines/company/companyLogic.ts';
import { selectVendorUuid } from '../../machines/people/access.ts';
import type { CompanyRow } from '../../machines/people/peopleRows.ts';
import { vendorLogic } from '../../machines/people/peopleRecords.ts';
import type { vendorMachine } from '../../machines/people/vendorMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { showToast } from '../components/toaster.ts';
import { Facts } from '../people/Facts.tsx';
import { CompanyForm } from './CompanyForm.tsx';
import { ProofOfRegistration } from './ProofOfRegistration.tsx';
import { ProfilePage } from './ProfilePage.tsx';

type VendorActor = ActorRefFrom<typeof vendorMachine>;

/**
 * The signed-in vendor's record and company through the vendor page's machine: `children` gets
 * the company (null without one) once loaded; loading and failure are shown here.
 */
export function WithOwnCompany({
  children,
}: {
  children: (company: CompanyRow | null) => ReactNode;
}) {
  const vendorUuid = useSession(selectVendorUuid);
  if (!vendorUuid) return <NoVendor />;
  return <OwnCompany key={vendorUuid} uuid={vendorUuid} render={children} />;
}

function NoVendor() {
  const { t } = useTranslation();
  return (
    <PageState
      testId="profile-no-vendor"
      icon="person"
      title={t('profile.noVendorTitle')}
      description={t('profile.noVendorText')}
    />
  );
}

function OwnCompany({
  uuid,
  render,
}: {
  uuid: string;
  render: (c: CompanyRow | null) => ReactNode;
}) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => vendorLogic(clients), [clients]);
  const actor: VendorActor = useActorRef(logic, { input: { uuid } });
  const detail = useSelector(actor, (s) => s.context.detail);
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  if (failed)
    return (
      <FailedState
        testId="company-failed"
        title={t('people.loadFailed')}
        errorCode={errorCode}
        retryText={t('people.retry')}
        onRetry={() => actor.send({ type: 'vendor.retry' })}
      />
    );
  if (!detail)
    return <PageState testId="company-loading" icon={<Spinner />} title={t('people.loading')} />;
  return render(detail.company);
}

/** The company machine of the signed-in vendor: load, then a form or the read-only facts. */
function CompanyTab({ vendorUuid }: { vendorUuid: string }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => companyLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { vendorUuid } });
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const stale = useSelector(actor, (s) => s.matches('stale'));
  const editable = useSelector(actor, (s) => s.hasTag('editable'));
  const record = useSelector(actor, (s) => s.context.record);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  useEffect(
    () => actor.on('company.saved', () => showToast('success', t('company.saved'))).unsubscribe,
    [actor, t],
  );
  if (failed)
    return (
      <FailedState
        testId="company-failed"
        title={t('people.loadFailed')}
        errorCode={errorCode}
        retryText={t('people.retry')}
        onRetry={() => actor.send({ type: 'company.retry' })}
      />
    );
  if (stale)
    return (
      <Callout intent={Intent.WARNING} title={t('company.stale')} data-testid="company-stale">
        <Button text={t('company.reload')} onClick={() => actor.send({ type: 'company.reload' })} />
      </Callout>
    );
  if (editable) return <CompanyForm actor={actor} />;
  if (!record)
    return <PageState testId="company-loading" icon={<Spinner />} title={t('people.loading')} />;
  return (
    <>
      <Callout icon="info-sign">{t('company.readOnly')}</Callout>
      <Facts
        testId="company-facts"
        facts={[
          [t('profile.companyName'), record.title],
          [t('profile.siret'), record.siret],
          [t('profile.website'), record.websiteLink],
          [t('profile.taxEligible'), t(record.taxEligible ? 'profile.yes' : 'profile.no')],
          [
            t('profile.negotiatedPercentage'),
            t('profile.percent', { value: record.negociatedPourcentageOnPrice }),
          ],
          [t('profile.address'), record.address],
          [
            t('profile.city'),
            t('profile.cityLine', { postalCode: record.postalCode, city: record.city }),
          ],
        ]}
      />
      <ProofOfRegistration company={record.uuid} stored={record.proofRegistration !== ''} />
    </>
  );
}

/**
 * `/edit-profile/company`: the company's administrator edits it, a vendor without one creates it
 * (and becomes its administrator), other members read it.
 */
export function CompanyView() {
  const { t } = useTranslation();
  const vendorUuid = useSession(selectVendorUuid);
  return (
    <ProfilePage id="company" title={t('profile.companyTitle')}>
      {vendorUuid ? <CompanyTab key={vendorUuid} vendorUuid={vendorUuid} /> : <NoVendor />}
    </ProfilePage>
  );
}
