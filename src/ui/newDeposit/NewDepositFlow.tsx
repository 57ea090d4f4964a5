import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { browserDraftStore } from '../../machines/newDeposit/draftStore.ts';
import { createNewDepositActors } from '../../machines/newDeposit/newDepositActors.ts';
import { newDepositMachine } from '../../machines/newDeposit/newDepositMachine.ts';
import type { Step } from '../../machines/newDeposit/newDepositTypes.ts';
import { useFlowServices } from './flowServices.ts';
import { NewDepositContext, useNewDeposit, useNewDepositActor } from './newDepositContext.ts';
import { isValidationPath, stepOfPath, stepPath, validationPath } from './paths.ts';
import { showToast } from '../components/toaster.ts';
import './newDeposit.css';

/** The public flow's actor, built once per visit from the page's clients and configuration. */
export function NewDepositFlow() {
  const services = useFlowServices();
  const { pathname } = useLocation();
  const [logic] = useState(() =>
    newDepositMachine.provide({
      actors: createNewDepositActors({
        clients: services.clients,
        gouv: services.gouv,
        store: browserDraftStore(),
      }),
    }),
  );
  const [input] = useState(() => ({
    requestedStep: stepOfPath(pathname),
    minChars: services.gouv.addressMinChars,
  }));
  return (
    <NewDepositContext.Provider logic={logic} options={{ input }}>
      <div className="seconde-new-deposit">
        <FlowRouting />
      </div>
    </NewDepositContext.Provider>
  );
}

const machineStep = (s: { hasTag(tag: string): boolean }): Step | 'done' | null =>
  s.hasTag('contact')
    ? 'contact'
    : s.hasTag('criteria')
      ? 'criteria'
      : s.hasTag('info')
        ? 'info'
        : s.hasTag('done')
          ? 'done'
          : null;

/**
 * Keeps the address bar and the machine in step: the machine decides which step shows; Back and
 * Forward in the browser ask the machine to go there; the end shows the 10-second toast.
 */
function FlowRouting() {
  const { t } = useTranslation();
  const actor = useNewDepositActor();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const step = useNewDeposit(machineStep);
  const customerUuid = useNewDeposit((s) => s.context.customerUuid);
  const loading = useNewDeposit((s) => s.matches('loading'));
  const loadFailed = useNewDeposit((s) => s.matches('loadFailed'));
  const onValidation = isValidationPath(pathname);
  const urlStep = stepOfPath(pathname);
  const lastStep = useRef(step);

  // The machine moved: show its step (a reload opening a later step replaces the address).
  useEffect(() => {
    const moved = lastStep.current !== step;
    lastStep.current = step;
    if (step === 'done') {
      if (moved) showToast('confirmation', t('newDeposit.confirmation'));
      if (!onValidation) void navigate(validationPath(pathname), { replace: true });
      return;
    }
    if (step === null || onValidation) return;
    const wanted = stepPath(pathname, step, customerUuid);
    if (wanted !== pathname) void navigate(wanted, { replace: !moved });
    // The address follows the machine only; pathname changes are handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step, customerUuid]);

  // The address changed (Back/Forward): ask the machine, which refuses steps not reached yet.
  useEffect(() => {
    if (onValidation || step === null || step === 'done' || urlStep === step) return;
    const goTo = { type: 'newDeposit.goTo', step: urlStep } as const;
    if (actor.getSnapshot().can(goTo)) actor.send(goTo);
    else void navigate(stepPath(pathname, step, customerUuid), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  if (loading) return <NonIdealState icon={<Spinner />} title={t('newDeposit.loading')} />;
  if (loadFailed)
    return (
      <NonIdealState
        icon="error"
        title={t('newDeposit.loadFailedTitle')}
        action={
          <Button
            text={t('newDeposit.retry')}
            onClick={() => actor.send({ type: 'newDeposit.retry' })}
          />
        }
      />
    );
  if (!onValidation && step !== urlStep) return <Spinner />;
  return <Outlet />;
}
