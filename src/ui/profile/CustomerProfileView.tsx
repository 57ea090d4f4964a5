import { Classes, H1 } from '@blueprintjs/core';
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { selectCustomerUuid } from '../../machines/people/access.ts';
import { customerLogic } from '../../machines/people/peopleRecords.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSession } from '../app/sessionContext.ts';
import { PageState } from '../components/PageState.tsx';
import { CustomerInfo } from '../people/CustomerInfo.tsx';

function OwnCustomer({ uuid }: { uuid: string }) {
  const { clients } = useAppServices();
  const logic = useMemo(() => customerLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { uuid } });
  return <CustomerInfo actor={actor} />;
}

/** `/edit-profile/customer`: the signed-in customer's own record, read then edited in place. */
export function CustomerProfileView() {
  const { t } = useTranslation();
  const customerUuid = useSession(selectCustomerUuid);
  return (
    <section aria-labelledby="customer-profile-title" data-testid="customer-profile">
      <H1 id="customer-profile-title">{t('profile.customerTitle')}</H1>
      <p className={Classes.TEXT_MUTED}>{t('profile.customerIntro')}</p>
      {customerUuid ? (
        <OwnCustomer key={customerUuid} uuid={customerUuid} />
      ) : (
        <PageState
          testId="profile-no-customer"
          icon="person"
          title={t('profile.noCustomerTitle')}
          description={t('profile.noCustomerText')}
        />
      )}
    </section>
  );
}
