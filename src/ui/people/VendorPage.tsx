import { H1, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useOutletContext, useParams } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { labelKey } from '../../machines/people/labels.ts';
import { vendorLogic } from '../../machines/people/peopleRecords.ts';
import type { vendorMachine } from '../../machines/people/vendorMachine.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { useAppServices } from '../app/servicesContext.ts';
import { DepositsPanel } from './DepositsPanel.tsx';
import { DressingPanel } from './DressingPanel.tsx';
import { Facts } from './Facts.tsx';
import { InvoicesPanel } from './InvoicesPanel.tsx';
import { RouteTabs } from './RouteTabs.tsx';
import { VendorBillingPortal } from './VendorBillingPortal.tsx';

interface VendorOutlet {
  readonly actor: ActorRefFrom<typeof vendorMachine>;
  readonly uuid: string;
}

/** `/vendor/:vendorUuid`: the vendor's name, the tabs, and the tab's route below. */
export function VendorPage() {
  const { vendorUuid = '' } = useParams();
  return <VendorPageFor key={vendorUuid} uuid={vendorUuid} />;
}

function VendorPageFor({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => vendorLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { uuid } });
  const firstName = useSelector(actor, (s) => s.context.detail?.vendor.firstName ?? '');
  const lastName = useSelector(actor, (s) => s.context.detail?.vendor.lastName ?? '');
  const base = `/vendor/${uuid}`;
  const outlet: VendorOutlet = { actor, uuid };
  return (
    <section aria-labelledby="vendor-title" className="seconde-page" data-testid="vendor-page">
      <H1 id="vendor-title">
        {firstName || lastName ? (
          t('people.fullName', { firstName, lastName })
        ) : (
          <Spinner size={20} />
        )}
      </H1>
      <RouteTabs
        label={t('people.vendorSections')}
        tabs={[
          { to: base, label: t('people.tabInformation'), end: true },
          { to: `${base}/company`, label: t('people.tabCompany') },
          { to: `${base}/deposits`, label: t('people.tabDeposits') },
          { to: `${base}/dressing`, label: t('people.tabDressing') },
          { to: `${base}/invoices`, label: t('people.tabInvoices') },
        ]}
      />
      <Outlet context={outlet} />
    </section>
  );
}

function useVendorDetail() {
  const { t } = useTranslation();
  const { actor } = useOutletContext<VendorOutlet>();
  const detail = useSelector(actor, (s) => s.context.detail);
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const fallback = failed ? (
    <FailedState
      testId="vendor-failed"
      title={t('people.loadFailed')}
      errorCode={errorCode}
      retryText={t('people.retry')}
      onRetry={() => actor.send({ type: 'vendor.retry' })}
    />
  ) : (
    <PageState testId="vendor-loading" icon={<Spinner />} title={t('people.loading')} />
  );
  return { detail, fallback };
}

export function VendorInfoTab() {
  const { t } = useTranslation();
  const { detail, fallback } = useVendorDetail();
  if (!detail) return fallback;
  const v = detail.vendor;
  return (
    <>
      <Facts
        testId="vendor-info"
        facts={[
          [t('people.email'), v.email],
          [t('people.phone'), v.phoneNumber],
          [t('people.address'), v.address],
          [t('people.cityLabel'), t('people.cityLine', { postalCode: v.postalCode, city: v.city })],
          [t('people.availability'), t(labelKey('peopleEnum.availability', v.availability))],
          [t('people.onTrial'), t(v.onTrial ? 'people.yes' : 'people.no')],
          [t('people.disabled'), t(v.disabled ? 'people.yes' : 'people.no')],
          [
            t('people.negotiatedPercentage'),
            t('people.percent', { value: v.negotiatedPercentage }),
          ],
          [t('people.productCount'), String(v.productNumber)],
        ]}
      />
      <VendorBillingPortal vendor={v.uuid} />
    </>
  );
}

export function VendorCompanyTab() {
  const { t } = useTranslation();
  const { detail, fallback } = useVendorDetail();
  if (!detail) return fallback;
  const c = detail.company;
  if (!c)
    return <PageState testId="vendor-no-company" icon="office" title={t('people.noCompany')} />;
  return (
    <Facts
      testId="vendor-company"
      facts={[
        [t('people.companyTitle'), c.title],
        [t('people.siret'), c.siret],
        [t('people.website'), c.websiteLink],
        [t('people.taxEligible'), t(c.taxEligible ? 'people.yes' : 'people.no')],
        [t('people.negotiatedPercentage'), t('people.percent', { value: c.negotiatedPercentage })],
        [t('people.address'), c.address],
        [t('people.cityLabel'), t('people.cityLine', { postalCode: c.postalCode, city: c.city })],
      ]}
    />
  );
}

export function VendorDepositsTab() {
  const { uuid } = useOutletContext<VendorOutlet>();
  return <DepositsPanel owner={{ kind: 'vendor', uuid }} />;
}

export function VendorDressingTab() {
  const { uuid } = useOutletContext<VendorOutlet>();
  return <DressingPanel owner={{ kind: 'vendor', uuid }} basePath={`/vendor/${uuid}/dressing`} />;
}

export function VendorInvoicesTab() {
  const { uuid } = useOutletContext<VendorOutlet>();
  return <InvoicesPanel owner={{ kind: 'vendor', uuid }} />;
}
