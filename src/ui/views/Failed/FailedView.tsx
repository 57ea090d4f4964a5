import { Button, ButtonGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  selectCanRetry,
  selectCanSignIn,
  selectErrorKey,
} from '../../../machines/session/selectors.ts';
import { useSession, useSessionActor } from '../../app/sessionContext.ts';
import { PageState } from '../../components/PageState.tsx';

/** A sign-in step failed: say which, and offer what the machine allows next. */
export function FailedView() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const errorKey = useSession(selectErrorKey);
  const canSignIn = useSession(selectCanSignIn);
  const canRetry = useSession(selectCanRetry);
  const location = useLocation();

  return (
    <PageState
      testId="session-failed"
      icon="error"
      title={t('session.failedTitle')}
      description={errorKey ? t(errorKey) : undefined}
      action={
        <ButtonGroup>
          {canRetry && (
            <Button
              icon="refresh"
              text={t('session.retry')}
              onClick={() => session.send({ type: 'session.retry' })}
            />
          )}
          {canSignIn && (
            <Button
              intent={Intent.PRIMARY}
              icon="log-in"
              text={t('session.signInAgain')}
              onClick={() =>
                session.send({
                  type: 'session.signIn',
                  returnTo: `${location.pathname}${location.search}`,
                })
              }
            />
          )}
        </ButtonGroup>
      }
    />
  );
}
