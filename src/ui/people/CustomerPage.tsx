import { H1, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useOutletContext, useParams } from 'react-router';
import { selectViewerIsAdminLevel } from '../../machines/deposit/viewer.ts';
import { customerLogic } from '../../machines/people/peopleRecords.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { PersonalDataPanel } from '../privacy/PersonalDataPanel.tsx';
import { BalancePanel } from './BalancePanel.tsx';
import { CustomerInfo, type CustomerActor } from './CustomerInfo.tsx';
import { DressingPanel } from './DressingPanel.tsx';
import { InvoicesPanel } from './InvoicesPanel.tsx';
import { RouteTabs } from './RouteTabs.tsx';

interface CustomerOutlet {
  readonly actor: CustomerActor;
  readonly uuid: string;
}

/** `/contact/:customerUuid`: the customer's name, the tabs, and the tab's route below. */
export function CustomerPage() {
  const { customerUuid = '' } = useParams();
  return <CustomerPageFor key={customerUuid} uuid={customerUuid} />;
}

function CustomerPageFor({ uuid }: { uuid: string }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => customerLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { uuid } });
  const firstName = useSelector(actor, (s) => s.context.customer?.firstName ?? '');
  const lastName = useSelector(actor, (s) => s.context.customer?.lastName ?? '');
  const base = `/contact/${uuid}`;
  const outlet: CustomerOutlet = { actor, uuid };

  return (
    <section aria-labelledby="customer-title" className="seconde-page" data-testid="customer-page">
      <H1 id="customer-title">
        {firstName || lastName ? (
          t('people.fullName', { firstName, lastName })
        ) : (
          <Spinner size={20} />
        )}
      </H1>
      <RouteTabs
        label={t('people.customerSections')}
        tabs={[
          { to: base, label: t('people.tabInformation'), end: true },
          { to: `${base}/dressing`, label: t('people.tabDressing') },
          { to: `${base}/invoices`, label: t('people.tabInvoices') },
          { to: `${base}/balance`, label: t('people.tabBalance') },
        ]}
      />
      <Outlet context={outlet} />
    </section>
  );
}

/**
 * The information tab; staff also get the customer's data download and erasure, for a request
 * the customer sent in (vendors never: the data is the customer's, not their depositor file's).
 */
export function CustomerInfoTab() {
  const { actor, uuid } = useOutletContext<CustomerOutlet>();
  const isStaff = useSession(selectViewerIsAdminLevel);
  return (
    <>
      <CustomerInfo actor={actor} />
      {isStaff && <PersonalDataPanel key={uuid} customer={uuid} area="privacyStaff" />}
    </>
  );
}

export function CustomerDressingTab() {
  const { uuid } = useOutletContext<CustomerOutlet>();
  return (
    <DressingPanel owner={{ kind: 'customer', uuid }} basePath={`/contact/${uuid}/dressing`} />
  );
}

export function CustomerInvoicesTab() {
  const { uuid } = useOutletContext<CustomerOutlet>();
  return <InvoicesPanel owner={{ kind: 'customer', uuid }} />;
}

export function CustomerBalanceTab() {
  const { uuid } = useOutletContext<CustomerOutlet>();
  return <BalancePanel customer={uuid} />;
}
