import { Button, Callout, Intent, Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { customerMachine } from '../../machines/people/customerMachine.ts';
import { labelKey } from '../../machines/people/labels.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { showToast } from '../components/toaster.ts';
import { CustomerForm } from './CustomerForm.tsx';
import { Facts } from './Facts.tsx';

export type CustomerActor = ActorRefFrom<typeof customerMachine>;

/** A customer's information, read, then edited in place (the form saves changed fields only). */
export function CustomerInfo({ actor }: { actor: CustomerActor }) {
  const { t } = useTranslation();
  const customer = useSelector(actor, (s) => s.context.customer);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const stale = useSelector(actor, (s) => s.hasTag('stale'));
  const editable = useSelector(actor, (s) => s.hasTag('editable') || s.matches('saving'));
  const canEdit = useSelector(actor, (s) => s.can({ type: 'customer.edit' }));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);

  useEffect(() => {
    const saved = actor.on('customer.saved', () => showToast('success', t('people.saved')));
    const failedSave = actor.on('customer.saveFailed', (e) =>
      showToast('danger', t(`errors.${e.code}`)),
    );
    return () => {
      saved.unsubscribe();
      failedSave.unsubscribe();
    };
  }, [actor, t]);

  if (loading)
    return <PageState testId="customer-loading" icon={<Spinner />} title={t('people.loading')} />;
  if (failed)
    return (
      <FailedState
        testId="customer-failed"
        title={t('people.loadFailed')}
        errorCode={errorCode}
        retryText={t('people.retry')}
        onRetry={() => actor.send({ type: 'customer.retry' })}
      />
    );
  if (stale)
    return (
      <Callout intent={Intent.WARNING} title={t('people.staleTitle')} data-testid="customer-stale">
        <p>{t('errors.changedBySomeoneElse')}</p>
        <Button
          icon="refresh"
          text={t('people.reload')}
          onClick={() => actor.send({ type: 'customer.reload' })}
        />
      </Callout>
    );
  if (!customer) return null;
  if (editable) return <CustomerForm actor={actor} />;

  const facts: Array<[string, string]> = [
    [t('people.firstName'), customer.firstName],
    [t('people.lastName'), customer.lastName],
    [t('people.email'), customer.email],
    [t('people.phone'), customer.phoneNumber],
    [t('people.address'), customer.address],
    [
      t('people.cityLabel'),
      t('people.cityLine', { postalCode: customer.postalCode, city: customer.city }),
    ],
    [t('people.contactWay'), t(labelKey('peopleEnum.contactWay', customer.preferedContactWay))],
    [t('people.homeTakeAway'), t(customer.acceptHomeTakeAway ? 'people.yes' : 'people.no')],
    [t('people.sendPostal'), t(customer.acceptSendPostal ? 'people.yes' : 'people.no')],
    [t('payouts.accountHolder'), customer.accountHolder],
    [t('payouts.iban'), customer.ibanMasked],
    [t('payouts.bic'), customer.bic],
  ];
  return (
    <Facts testId="customer-info" facts={facts}>
      <Button
        icon="edit"
        text={t('people.edit')}
        disabled={!canEdit}
        onClick={() => actor.send({ type: 'customer.edit' })}
        data-testid="customer-edit"
      />
    </Facts>
  );
}
