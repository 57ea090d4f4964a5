import { Button, Callout, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { euros } from './money.ts';
import { SettleRefusal } from './SettleRefusal.tsx';
import type { SettleActor } from './SettleDialog.tsx';

/** The dialog once paid: what was paid, what is still owed, and the receipt to save. */
export function SettledBody({ actor, onClose }: { actor: SettleActor; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const payout = useSelector(actor, (s) => s.context.payout);
  const downloading = useSelector(actor, (s) => s.matches({ open: 'downloading' }));
  const refusal = useSelector(actor, (s) => s.context.refusal);
  if (!payout) return null;
  return (
    <>
      <DialogBody>
        <Callout intent={Intent.SUCCESS} role="status" data-testid="settle-done">
          <p>
            {t('payouts.settled', {
              amount: euros(payout.amountCents, i18n.language),
              number: payout.receiptNumber,
            })}
          </p>
          <p>
            {t('payouts.balanceAfter', { amount: euros(payout.balanceAfterCents, i18n.language) })}
          </p>
        </Callout>
        <SettleRefusal refusal={refusal} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('payouts.close')} onClick={onClose} />
            <Button
              intent={Intent.PRIMARY}
              icon="download"
              text={t('payouts.downloadReceipt')}
              loading={downloading}
              onClick={() => actor.send({ type: 'settle.downloadReceipt' })}
              data-testid="settle-receipt"
            />
          </>
        }
      />
    </>
  );
}
