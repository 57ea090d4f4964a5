import { Button, Callout, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SubscriptionGateContext } from './accountContexts.ts';

/**
 * The subscription modal (1-app-shell.md §4): opened by any call refused with
 * SUBSCRIPTION_UPDATE_NEEDED, it shows the server's message; closing leaves the user on the same
 * page (Blueprint gives the focus back), "see my subscription" goes to the subscription page.
 */
export function SubscriptionGateDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actor = SubscriptionGateContext.useActorRef();
  const isOpen = SubscriptionGateContext.useSelector((s) => s.hasTag('open'));
  const message = SubscriptionGateContext.useSelector((s) => s.context.message);

  useEffect(() => {
    const subscription = actor.on('gate.navigate', (e) => void navigate(e.to));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);

  return (
    <Dialog
      isOpen={isOpen}
      onClose={() => actor.send({ type: 'gate.close' })}
      title={t('account.subscriptionTitle')}
      icon="credit-card"
      className="seconde-account-dialog"
    >
      <DialogBody>
        <p>{t('account.subscriptionText')}</p>
        {message && (
          <Callout intent={Intent.WARNING} title={t('account.serverMessage')}>
            <span data-testid="subscription-gate-message">{message}</span>
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('account.close')} onClick={() => actor.send({ type: 'gate.close' })} />
            <Button
              intent={Intent.PRIMARY}
              text={t('account.seeSubscription')}
              onClick={() => actor.send({ type: 'gate.seeSubscription' })}
            />
          </>
        }
      />
    </Dialog>
  );
}
