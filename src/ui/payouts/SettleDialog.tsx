import {
  Button,
  Checkbox,
  Classes,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { formatDate } from '../../domain/dates.ts';
import { reasonKey } from '../../machines/payouts/payoutReasons.ts';
import { PAYOUT_METHODS, type PayoutMethod } from '../../machines/payouts/payoutTypes.ts';
import {
  CHEQUE_NUMBER_MAX,
  MEMO_MAX,
  chosenItems,
  settleProblems,
  type settleMachine,
  type SettleScope,
} from '../../machines/payouts/settleMachine.ts';
import { LoadingDialog } from '../components/LoadingDialog.tsx';
import { PageState } from '../components/PageState.tsx';
import { DateInput } from '../components/form/DateInput.tsx';
import { euros, methodKey } from './money.ts';
import { SettledBody } from './SettledBody.tsx';
import { SettleRefusal } from './SettleRefusal.tsx';
import './payouts.css';

export type SettleActor = ActorRefFrom<typeof settleMachine>;

/**
 * "Settle account": what to pay (everything payable by a day, or the items ticked), how, a memo,
 * the total before confirming; then the receipt. Blueprint's dialog keeps the focus inside and
 * gives it back to the button that opened it.
 */
export function SettleDialog({ actor }: { actor: SettleActor }) {
  const { t } = useTranslation();
  const open = useSelector(actor, (s) => !s.matches('closed'));
  const loading = useSelector(actor, (s) => s.matches({ open: 'loading' }));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const paid = useSelector(actor, (s) => s.context.payout !== null);
  const settling = useSelector(actor, (s) => s.matches({ open: 'settling' }));
  const close = () => actor.send({ type: 'settle.close' });

  return (
    <LoadingDialog
      isOpen={open}
      onClose={close}
      title={t('payouts.settle')}
      icon="bank-account"
      locked={settling}
      testId="settle"
      loading={loading}
      loadingTitle={t('payouts.settleLoading')}
      failed={failed}
      failedTitle={t('payouts.settleLoadFailed')}
      errorCode={errorCode}
      retryText={t('payouts.retry')}
      onRetry={() => actor.send({ type: 'settle.retry' })}
    >
      {paid ? (
        <SettledBody actor={actor} onClose={close} />
      ) : (
        <SettleForm actor={actor} onClose={close} />
      )}
    </LoadingDialog>
  );
}

function SettleForm({ actor, onClose }: { actor: SettleActor; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const items = useSelector(actor, (s) => s.context.items);
  const scope = useSelector(actor, (s) => s.context.scope);
  const cutOff = useSelector(actor, (s) => s.context.cutOff);
  const today = useSelector(actor, (s) => s.context.today);
  const method = useSelector(actor, (s) => s.context.method);
  const chequeNumber = useSelector(actor, (s) => s.context.chequeNumber);
  const memo = useSelector(actor, (s) => s.context.memo);
  const refusal = useSelector(actor, (s) => s.context.refusal);
  const settling = useSelector(actor, (s) => s.matches({ open: 'settling' }));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'settle.submit' }));
  const chosen = useSelector(actor, (s) => chosenItems(s.context));
  const problems = useSelector(actor, (s) => settleProblems(s.context));
  const total = chosen.reduce((sum, i) => sum + i.amountCents, 0);
  const problemText = (reason: string | undefined) =>
    reason ? t(reasonKey(reason) ?? 'errors.invalidRequest') : undefined;

  if (items.length === 0)
    return (
      <>
        <DialogBody>
          <PageState
            testId="settle-nothing"
            icon="tick-circle"
            title={t('payouts.nothingPayable')}
          />
        </DialogBody>
        <DialogFooter actions={<Button text={t('payouts.close')} onClick={onClose} />} />
      </>
    );

  return (
    <form
      noValidate
      data-testid="settle-form"
      aria-label={t('payouts.settle')}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'settle.submit' });
      }}
    >
      <DialogBody>
        <RadioGroup
          label={t('payouts.scopeLegend')}
          selectedValue={scope}
          disabled={settling}
          onChange={(e) =>
            actor.send({ type: 'settle.scope', scope: e.currentTarget.value as SettleScope })
          }
        >
          <Radio value="cutOff" label={t('payouts.scopeCutOff')} />
          <Radio value="items" label={t('payouts.scopeItems')} />
        </RadioGroup>
        {scope === 'cutOff' ? (
          <FormGroup
            label={t('payouts.cutOff')}
            labelFor="settle-cutOff"
            helperText={problemText(problems.cutOff)}
            intent={problems.cutOff ? Intent.DANGER : Intent.NONE}
          >
            <DateInput
              id="settle-cutOff"
              value={cutOff}
              max={today}
              disabled={settling}
              onChange={(value) => actor.send({ type: 'settle.cutOff', value })}
            />
          </FormGroup>
        ) : null}
        <fieldset className="seconde-fieldset">
          <legend>{t('payouts.itemsLegend')}</legend>
          <ul className="seconde-payout-items" data-testid="settle-items">
            {items.map((item) => (
              <li key={item.product}>
                <Checkbox
                  checked={chosen.some((c) => c.product === item.product)}
                  disabled={settling}
                  onChange={() => actor.send({ type: 'settle.toggleItem', product: item.product })}
                  label={t('payouts.itemLabel', {
                    reference: item.reference,
                    name: item.name,
                    amount: euros(item.amountCents, language),
                  })}
                />
                <span
                  className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL} seconde-payout-since`}
                >
                  {t('payouts.payableSince', { date: formatDate(item.payableAt, language) })}
                </span>
              </li>
            ))}
          </ul>
        </fieldset>
        <RadioGroup
          label={t('payouts.method')}
          selectedValue={method}
          disabled={settling}
          inline
          onChange={(e) =>
            actor.send({ type: 'settle.method', method: e.currentTarget.value as PayoutMethod })
          }
        >
          {PAYOUT_METHODS.map((m) => (
            <Radio key={m} value={m} label={t(methodKey(m))} />
          ))}
        </RadioGroup>
        {method === 'CHEQUE' && (
          <FormGroup
            label={t('payouts.chequeNumber')}
            labelFor="settle-cheque"
            labelInfo={t('payouts.required')}
            helperText={problemText(problems.chequeNumber)}
            intent={problems.chequeNumber ? Intent.DANGER : Intent.NONE}
          >
            <InputGroup
              id="settle-cheque"
              value={chequeNumber}
              maxLength={CHEQUE_NUMBER_MAX}
              disabled={settling}
              aria-required
              aria-invalid={problems.chequeNumber !== undefined}
              onValueChange={(value) => actor.send({ type: 'settle.chequeNumber', value })}
            />
          </FormGroup>
        )}
        <FormGroup
          label={t('payouts.memo')}
          labelFor="settle-memo"
          labelInfo={t('payouts.optional')}
        >
          <InputGroup
            id="settle-memo"
            value={memo}
            maxLength={MEMO_MAX}
            disabled={settling}
            onValueChange={(value) => actor.send({ type: 'settle.memo', value })}
          />
        </FormGroup>
        <p className="seconde-payout-total" aria-live="polite" data-testid="settle-total">
          <span>{t('payouts.total')}</span>
          <span>{euros(total, language)}</span>
          <span className={Classes.TEXT_MUTED}>
            {t('payouts.itemCount', { count: chosen.length })}
          </span>
        </p>
        <SettleRefusal refusal={refusal} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('payouts.cancel')} disabled={settling} onClick={onClose} />
            <Button
              type="submit"
              intent={Intent.PRIMARY}
              icon="bank-account"
              text={t('payouts.confirm', { amount: euros(total, language) })}
              loading={settling}
              disabled={!canSubmit && !settling}
              data-testid="settle-confirm"
            />
          </>
        }
      />
    </form>
  );
}
