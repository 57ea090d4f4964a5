import { Button, Callout, Intent } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { vendorPortalLogic } from '../../machines/billing/billingLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';

const leave = (url: string) => window.location.assign(url);

/** Staff open this vendor's billing portal at the payment provider (its plan, invoices, card). */
export function VendorBillingPortal({ vendor }: { vendor: string }) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => vendorPortalLogic(clients, leave), [clients]);
  const actor = useActorRef(logic, { input: { vendor } });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const leaving = useSelector(actor, (s) => s.matches('leaving'));
  const errorKey = useSelector(actor, (s) => (s.hasTag('error') ? s.context.errorKey : null));
  return (
    <div className="seconde-vendor-billing" data-testid="vendor-billing">
      {errorKey && (
        <Callout intent={Intent.DANGER} role="alert" data-testid="vendor-billing-error">
          {t(errorKey)}
        </Callout>
      )}
      {leaving && <Callout intent={Intent.PRIMARY}>{t('billing.leaving')}</Callout>}
      <Button
        icon="credit-card"
        loading={busy}
        text={t('people.openBillingPortal')}
        onClick={() => actor.send({ type: 'portal.open' })}
      />
    </div>
  );
}
