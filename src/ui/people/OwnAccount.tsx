import { H1 } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { selectCustomerUuid } from '../../machines/people/access.ts';
import { customerLogic } from '../../machines/people/peopleRecords.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { CustomerInfo } from './CustomerInfo.tsx';
import { DepositorDressing } from '../dressing/DepositorDressing.tsx';
import { NotAllowed } from './Gate.tsx';
import { RouteTabs } from './RouteTabs.tsx';
import { PersonalDataPanel } from '../privacy/PersonalDataPanel.tsx';

/** The signed-in customer's two pages: their dressing and their information, nobody else's. */
function OwnTabs() {
  const { t } = useTranslation();
  return (
    <RouteTabs
      label={t('people.ownSections')}
      tabs={[
        { to: '/dressing', label: t('people.tabDressing') },
        { to: '/my-information', label: t('people.tabInformation') },
      ]}
    />
  );
}

/** The customer's own space; the route's deposit narrows the items. */
function OwnDressing({ customer }: { customer: string }) {
  const { depositUuid } = useParams();
  return (
    <DepositorDressing
      key={customer}
      customer={customer}
      deposit={depositUuid}
      basePath="/dressing"
    />
  );
}

/**
 * `/dressing/:depositUuid?`: the customer's own items, where each is live, its steps and what it
 * earns, the totals owed and paid, and their statements.
 */
export function OwnDressingView() {
  const { t } = useTranslation();
  const customerUuid = useSession(selectCustomerUuid);
  if (!customerUuid) return <NotAllowed />;
  return (
    <section aria-labelledby="own-dressing-title" className="seconde-page">
      <H1 id="own-dressing-title">{t('people.ownDressingTitle')}</H1>
      <OwnTabs />
      <OwnDressing customer={customerUuid} />
    </section>
  );
}

function OwnInformation({ uuid }: { uuid: string }) {
  const { clients } = useAppServices();
  const logic = useMemo(() => customerLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { uuid } });
  return <CustomerInfo actor={actor} />;
}

/** `/my-information`: the customer's own record, editable. */
export function OwnInformationView() {
  const { t } = useTranslation();
  const customerUuid = useSession(selectCustomerUuid);
  if (!customerUuid) return <NotAllowed />;
  return (
    <section aria-labelledby="own-info-title" className="seconde-page">
      <H1 id="own-info-title">{t('people.ownInformationTitle')}</H1>
      <OwnTabs />
      <OwnInformation key={customerUuid} uuid={customerUuid} />
      <PersonalDataPanel key={`data-${customerUuid}`} customer={customerUuid} />
    </section>
  );
}
