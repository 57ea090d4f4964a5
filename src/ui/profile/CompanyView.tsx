import { Callout, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { selectVendorUuid } from '../../machines/people/access.ts';
import type { CompanyRow } from '../../machines/people/peopleRows.ts';
import { vendorLogic } from '../../machines/people/peopleRecords.ts';
import type { vendorMachine } from '../../machines/people/vendorMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { Facts } from '../people/Facts.tsx';
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

/**
 * `/edit-profile/company`: the vendor's company, read-only. Only staff may change a company on the
 * server (CompanyService policy), so vendors and company admins alike are told whom to ask.
 */
export function CompanyView() {
  const { t } = useTranslation();
  return (
    <ProfilePage id="company" title={t('profile.companyTitle')}>
      <WithOwnCompany>
        {(c) =>
          c ? (
            <>
              <Callout icon="info-sign">{t('profile.companyReadOnly')}</Callout>
              <Facts
                testId="company-facts"
                facts={[
                  [t('profile.companyName'), c.title],
                  [t('profile.siret'), c.siret],
                  [t('profile.website'), c.websiteLink],
                  [t('profile.taxEligible'), t(c.taxEligible ? 'profile.yes' : 'profile.no')],
                  [
                    t('profile.negotiatedPercentage'),
                    t('profile.percent', { value: c.negotiatedPercentage }),
                  ],
                  [t('profile.address'), c.address],
                  [
                    t('profile.city'),
                    t('profile.cityLine', { postalCode: c.postalCode, city: c.city }),
                  ],
                ]}
              />
            </>
          ) : (
            <PageState testId="company-none" icon="office" title={t('profile.noCompany')} />
          )
        }
      </WithOwnCompany>
    </ProfilePage>
  );
}
