import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  TextArea,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  selectCanAcceptInline,
  selectCanConfirmReason,
  selectIsAskingReason,
  selectIsBusy,
  selectIsOfferingInline,
  selectPending,
} from '../../machines/deposit/depositSelectors.ts';
import { DEPOSIT_ENUMS, enumI18nKey, enumLabels } from '../../machines/deposit/enums.ts';
import { useDeposit, useDepositActor } from './depositContext.ts';

/** Abandon and cancel ask why (and, for abandon, a comment) before the move is sent. */
export function ReasonDialog() {
  const { t } = useTranslation();
  const actor = useDepositActor();
  const open = useDeposit(selectIsAskingReason);
  const pending = useDeposit(selectPending);
  const canConfirm = useDeposit(selectCanConfirmReason);
  const abandon = pending?.to === 'ABANDONED';
  const enumName = abandon ? 'abandonReason' : 'cancelReason';
  const close = () => actor.send({ type: 'deposit.closeReason' });

  return (
    <Dialog
      isOpen={open}
      onClose={close}
      title={t(abandon ? 'deposit.reasonAbandonTitle' : 'deposit.reasonCancelTitle')}
      data-testid="reason-dialog"
    >
      <DialogBody>
        <FormGroup label={t('deposit.reason')} labelFor="deposit-reason">
          <HTMLSelect
            id="deposit-reason"
            fill
            value={pending?.reason ?? ''}
            onChange={(e) =>
              actor.send({ type: 'deposit.setReason', reason: e.currentTarget.value })
            }
          >
            <option value="">—</option>
            {enumLabels(DEPOSIT_ENUMS[enumName].values)
              .filter((label) => label !== 'NOT_SET')
              .map((label) => (
                <option key={label} value={label}>
                  {t(enumI18nKey(enumName, label))}
                </option>
              ))}
          </HTMLSelect>
        </FormGroup>
        {abandon && (
          <FormGroup label={t('deposit.comment')} labelFor="deposit-reason-comment">
            <TextArea
              id="deposit-reason-comment"
              fill
              value={pending?.comment ?? ''}
              onChange={(e) =>
                actor.send({ type: 'deposit.setReason', comment: e.currentTarget.value })
              }
            />
          </FormGroup>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('deposit.close')} onClick={close} />
            <Button
              intent="danger"
              text={t('deposit.confirm')}
              disabled={!canConfirm}
              data-testid="reason-confirm"
              onClick={() => actor.send({ type: 'deposit.confirmReason' })}
            />
          </>
        }
      />
    </Dialog>
  );
}

/** After the first product goes online on a validated deposit: offer to move it to INLINE. */
export function InlineOfferDialog() {
  const { t } = useTranslation();
  const actor = useDepositActor();
  const open = useDeposit(selectIsOfferingInline);
  const busy = useDeposit(selectIsBusy);
  const canAccept = useDeposit(selectCanAcceptInline);
  return (
    <Dialog
      isOpen={open}
      onClose={() => actor.send({ type: 'deposit.declineInline' })}
      title={t('deposit.inlineOfferTitle')}
      data-testid="inline-offer"
    >
      <DialogBody>
        <p>{t('deposit.inlineOfferText')}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button
              text={t('deposit.inlineDecline')}
              onClick={() => actor.send({ type: 'deposit.declineInline' })}
            />
            <Button
              intent="primary"
              text={t('deposit.inlineAccept')}
              disabled={!canAccept}
              loading={busy}
              data-testid="inline-accept"
              onClick={() => actor.send({ type: 'deposit.acceptInline' })}
            />
          </>
        }
      />
    </Dialog>
  );
}
