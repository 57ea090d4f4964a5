import { Button, Callout, Card, H1, H2, Intent, ProgressBar } from '@blueprintjs/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../domain/newDeposit/depositForm.ts';
import type { NewDepositContext as Ctx } from '../../machines/newDeposit/newDepositTypes.ts';
import { STEPS, type Step } from '../../machines/newDeposit/newDepositTypes.ts';
import { useNewDeposit, useNewDepositActor } from './newDepositContext.ts';

const TITLES: Record<Step, string> = {
  contact: 'newDeposit.stepContact',
  criteria: 'newDeposit.stepCriteria',
  info: 'newDeposit.stepInfo',
};

const sameErrors = (a: FieldErrors, b: FieldErrors) => JSON.stringify(a) === JSON.stringify(b);

/** The messages of one step's fields, once the visitor tried to go on (else none). */
export function useStepErrors(validate: (context: Ctx) => FieldErrors): FieldErrors {
  return useNewDeposit((s) => (s.context.showErrors ? validate(s.context) : {}), sameErrors);
}

export function useBusy(): boolean {
  return useNewDeposit((s) => s.hasTag('busy'));
}

/**
 * One step of the form: heading, progress, the failure of the last save, the fields, and Back /
 * Continue. The fields sit in a form, so Enter continues from any field.
 */
export function StepFrame({ step, children }: { step: Step; children: ReactNode }) {
  const { t } = useTranslation();
  const actor = useNewDepositActor();
  const busy = useBusy();
  const failed = useNewDeposit((s) => s.hasTag('error'));
  const errorCode = useNewDeposit((s) => s.context.errorCode);
  const errorReason = useNewDeposit((s) => s.context.errorReason);
  const showErrors = useNewDeposit((s) => s.context.showErrors);
  const alreadyExisting = useNewDeposit((s) => s.context.alreadyExisting);
  const canBack = useNewDeposit((s) => s.can({ type: 'newDeposit.back' }));
  const current = STEPS.indexOf(step) + 1;
  const last = step === 'info';
  const form = useRef<HTMLFormElement>(null);
  const [attempts, setAttempts] = useState(0);
  // After a refused Continue, the first wrong field takes the focus: its label and message (linked
  // by aria-describedby) are read, and a phone scrolls to it.
  useEffect(() => {
    if (attempts === 0) return;
    const wrong = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    wrong?.focus();
    wrong?.scrollIntoView({ block: 'center' });
  }, [attempts]);

  return (
    <Card className="seconde-new-deposit-card">
      <H1 className="seconde-new-deposit-title">{t('newDeposit.title')}</H1>
      <p className="bp6-text-muted">{t('newDeposit.progress', { current, total: STEPS.length })}</p>
      <ProgressBar value={current / STEPS.length} stripes={false} intent={Intent.PRIMARY} />
      <H2 id="new-deposit-step" className="seconde-new-deposit-step" data-testid="new-deposit-step">
        {t(TITLES[step])}
      </H2>
      {alreadyExisting && step !== 'contact' && (
        <Callout intent={Intent.PRIMARY} data-testid="already-existing">
          {t('newDeposit.alreadyExisting')}
        </Callout>
      )}
      {failed && errorCode && (
        <Callout intent={Intent.DANGER} role="alert" data-testid="save-failed">
          {errorReason === 'CUSTOMER_FAMILY_SAME_DAY'
            ? t('newDeposit.sameDay')
            : t('newDeposit.saveFailed', { message: t(`errors.${errorCode}`) })}
        </Callout>
      )}
      <div role="status" aria-live="polite" data-testid="new-deposit-fix-fields">
        {showErrors && <Callout intent={Intent.WARNING}>{t('newDeposit.fixFields')}</Callout>}
      </div>
      <form
        ref={form}
        noValidate
        aria-labelledby="new-deposit-step"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'newDeposit.next' });
          setAttempts((n) => n + 1);
        }}
      >
        <fieldset disabled={busy} className="seconde-new-deposit-fields">
          {children}
        </fieldset>
        <div className="seconde-new-deposit-actions">
          {step !== 'contact' && (
            <Button
              text={t('newDeposit.back')}
              icon="arrow-left"
              disabled={busy || !canBack}
              onClick={() => actor.send({ type: 'newDeposit.back' })}
            />
          )}
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            data-testid="new-deposit-next"
            endIcon={last ? 'send-message' : 'arrow-right'}
            loading={busy}
            text={t(last ? 'newDeposit.submit' : 'newDeposit.next')}
          />
        </div>
      </form>
    </Card>
  );
}
