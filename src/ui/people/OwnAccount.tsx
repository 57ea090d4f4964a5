import { H1 } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCustomerUuid } from '../../machines/people/access.ts';
import { customerLogic } from '../../machines/people/peopleRecords.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { CustomerInfo } from './CustomerInfo.tsx';
import { DressingPanel } from './DressingPanel.tsx';
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

/** `/dressing/:depositUuid?`: the customer's own deposits and items. */
export function OwnDressingView() {
  const { t } = useTranslation();
  const customerUuid = useSession(selectCustomerUuid);
  if (!customerUuid) return <NotAllowed />;
  return (
    <section aria-labelledby="own-dressing-title" className="seconde-page">
      <H1 id="own-dressing-title">{t('people.ownDressingTitle')}</H1>
      <OwnTabs />
      <DressingPanel owner={{ kind: 'customer', uuid: customerUuid }} basePath="/dressing" />
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
