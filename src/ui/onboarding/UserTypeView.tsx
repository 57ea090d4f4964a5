import './onboarding.css';
import { Button, Callout, Classes, H1, Intent, RadioCard } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { userTypeLogic } from '../../machines/onboarding/onboardingLogic.ts';
import { preselectedFrom, type UserTypeChoice } from '../../machines/onboarding/userTypeMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { afterSessionReload } from './afterSessionReload.ts';
import { useSessionActor } from '../app/sessionContext.ts';

const CHOICES: readonly { value: UserTypeChoice; key: 'vendor' | 'customer' }[] = [
  { value: 'VENDOR', key: 'vendor' },
  { value: 'CUSTOMER', key: 'customer' },
];

/**
 * `/onboarding`: an identity in no group chooses vendor or customer (preselected by
 * `?user_type=vendor`). Once the server made the record, the session is reloaded and the route
 * guard leads the user to the onboarding of their new type.
 */
export function UserTypeView() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const { search } = useLocation();
  const session = useSessionActor();
  const logic = useMemo(() => userTypeLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { preselected: preselectedFrom(search) } });
  const choice = useSelector(actor, (s) => s.context.choice);
  const busy = useSelector(actor, (s) => s.hasTag('busy') || s.hasTag('done'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'userType.submit' }));
  const editable = useSelector(actor, (s) => s.hasTag('editable'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const navigate = useNavigate();

  // Once the session holds the new record, the guard leads from the dashboard to the
  // onboarding of the type the user now is.
  useEffect(() => {
    const sub = actor.on('userType.chosen', () => {
      afterSessionReload(session, () => void navigate('/', { replace: true }));
    });
    return () => sub.unsubscribe();
  }, [actor, session, navigate]);

  return (
    <section
      aria-labelledby="user-type-title"
      className="seconde-onboarding"
      data-testid="user-type-choice"
    >
      <H1 id="user-type-title">{t('onboarding.userTypeTitle')}</H1>
      <p className={Classes.TEXT_MUTED}>{t('onboarding.userTypeIntro')}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'userType.submit' });
        }}
      >
        <fieldset className="seconde-user-types" aria-describedby="user-type-error">
          <legend className={Classes.LABEL}>{t('onboarding.userTypeLegend')}</legend>
          {CHOICES.map(({ value, key }) => (
            <RadioCard
              key={value}
              checked={choice === value}
              disabled={!editable}
              onChange={() => actor.send({ type: 'userType.select', userType: value })}
              inputProps={{ name: 'user-type', value, 'aria-describedby': `user-type-${key}-text` }}
              data-testid={`user-type-${key}`}
            >
              <span className="seconde-user-type-title">{t(`onboarding.${key}ChoiceTitle`)}</span>
              <span id={`user-type-${key}-text`} className={Classes.TEXT_MUTED}>
                {t(`onboarding.${key}ChoiceText`)}
              </span>
            </RadioCard>
          ))}
        </fieldset>
        <div id="user-type-error" aria-live="polite">
          {errorCode && (
            <Callout intent={Intent.DANGER} title={t('onboarding.chooseFailed')}>
              {t(`errors.${errorCode}`)}
            </Callout>
          )}
        </div>
        <div className="seconde-onboarding-actions">
          <span />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            size="large"
            endIcon="arrow-right"
            text={t('onboarding.continue')}
            disabled={!canSubmit}
            loading={busy}
            data-testid="user-type-submit"
          />
        </div>
      </form>
    </section>
  );
}
