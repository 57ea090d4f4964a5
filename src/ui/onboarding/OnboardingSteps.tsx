import './onboarding.css';
import { Button, Callout, Classes, H1, H2, Intent, ProgressBar, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { deviceOf, onboardingLogic } from '../../machines/onboarding/onboardingLogic.ts';
import type { OnboardingStep } from '../../machines/onboarding/onboardingSteps.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { afterSessionReload } from './afterSessionReload.ts';
import { useSessionActor } from '../app/sessionContext.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { showToast } from '../components/toaster.ts';
import { QuestionField } from './QuestionField.tsx';

export interface OnboardingStepsProps {
  readonly kind: 'vendor' | 'customer';
  readonly steps: readonly OnboardingStep[];
  readonly title: string;
  readonly intro?: string;
}

/**
 * A questionnaire rendered from its machine: progress, the current step's questions, back and
 * next. Each "next" saves the step; a failure keeps the answers under a translated error. The
 * last step completes the onboarding, the session is reloaded, and the user lands on the dashboard.
 */
export function OnboardingSteps({ kind, steps, title, intro }: OnboardingStepsProps) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const session = useSessionActor();
  const logic = useMemo(() => onboardingLogic(clients, kind, steps), [clients, kind, steps]);
  const actor = useActorRef(logic, {
    input: { steps, recorded: { onboardingDevice: deviceOf(window.innerWidth) } },
  });
  const index = useSelector(actor, (s) => s.context.step);
  const answers = useSelector(actor, (s) => s.context.answers);
  const missing = useSelector(actor, (s) => s.context.missing);
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const errorKey = useSelector(actor, (s) => s.context.errorKey);
  const codeRefused = useSelector(actor, (s) => s.matches('sponsorCodeRefused'));
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy') || s.hasTag('done'));
  const editable = useSelector(actor, (s) => s.hasTag('editable'));
  const canBack = useSelector(actor, (s) => s.can({ type: 'onboarding.back' }));
  const canReload = useSelector(actor, (s) => s.can({ type: 'onboarding.reload' }));
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // Once the session knows the onboarding is complete, the guard lets the user onto the dashboard.
    const sub = actor.on('onboarding.completed', () => {
      showToast('success', t('onboarding.completed'));
      afterSessionReload(session, () => void navigate('/', { replace: true }));
    });
    return () => sub.unsubscribe();
  }, [actor, session, navigate, t]);

  // Keyboard and screen-reader users start each step at its title.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [index]);

  if (loading)
    return (
      <PageState testId="onboarding-loading" icon={<Spinner />} title={t('onboarding.loading')} />
    );
  if (loadFailed)
    return (
      <FailedState
        testId="onboarding-load-failed"
        title={t('onboarding.loadFailed')}
        errorCode={errorCode}
        retryText={t('onboarding.retry')}
        onRetry={() => actor.send({ type: 'onboarding.retry' })}
      />
    );

  const step = steps[index]!;
  const last = index === steps.length - 1;
  const stepTitle = t(`onboarding.step${step.id.charAt(0).toUpperCase()}${step.id.slice(1)}`);
  const progress = t('onboarding.progress', { current: index + 1, total: steps.length });
  return (
    <section
      aria-labelledby="onboarding-title"
      className="seconde-onboarding"
      data-testid={`${kind}-onboarding`}
    >
      <H1 id="onboarding-title">{title}</H1>
      {intro && <p className={Classes.TEXT_MUTED}>{intro}</p>}
      <div>
        <p id="onboarding-progress" data-testid="onboarding-progress">
          {progress}
        </p>
        <ProgressBar
          intent={Intent.PRIMARY}
          stripes={false}
          animate={false}
          value={(index + 1) / steps.length}
          aria-labelledby="onboarding-progress"
        />
      </div>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'onboarding.next' });
        }}
      >
        <H2
          ref={heading}
          tabIndex={-1}
          className="seconde-onboarding-step"
          data-testid="onboarding-step-title"
        >
          {stepTitle}
        </H2>
        {step.questions.map((question) => (
          <QuestionField
            key={question.field}
            question={question}
            value={answers[question.field]}
            missing={missing.includes(question.field)}
            refused={codeRefused && question.ownCall === true}
            disabled={!editable}
            onAnswer={(value) =>
              actor.send({ type: 'onboarding.answer', field: question.field, value })
            }
          />
        ))}
        <div aria-live="polite">
          {errorCode && (
            <Callout
              intent={Intent.DANGER}
              title={t(codeRefused ? 'onboarding.sponsorCodeRefused' : 'onboarding.saveFailed')}
              data-testid={codeRefused ? 'onboarding-sponsor-refused' : 'onboarding-save-failed'}
            >
              <p id="onboarding-error">{t(errorKey ?? `errors.${errorCode}`)}</p>
              <p>{t('onboarding.saveFailedHint')}</p>
              {canReload && (
                <Button
                  icon="refresh"
                  text={t('onboarding.reloadAnswers')}
                  onClick={() => actor.send({ type: 'onboarding.reload' })}
                />
              )}
            </Callout>
          )}
        </div>
        <div className="seconde-onboarding-actions">
          {canBack ? (
            <Button
              icon="arrow-left"
              text={t('onboarding.back')}
              onClick={() => actor.send({ type: 'onboarding.back' })}
              data-testid="onboarding-back"
            />
          ) : (
            <span />
          )}
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            endIcon={last ? 'tick' : 'arrow-right'}
            text={t(last ? 'onboarding.finish' : 'onboarding.next')}
            loading={busy}
            data-testid="onboarding-next"
          />
        </div>
      </form>
    </section>
  );
}
