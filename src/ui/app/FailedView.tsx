import { Button, ButtonGroup, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { selectCanSignIn, selectErrorKey } from '../../machines/session/selectors.ts';
import { useSession, useSessionActor } from './sessionContext.ts';
import { PageState } from '../components/PageState.tsx';
import { RetryButton } from '../components/RetryButton.tsx';

/** A sign-in step failed: say which, and offer what the machine allows next. */
export function FailedView() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const errorKey = useSession(selectErrorKey);
  const canSignIn = useSession(selectCanSignIn);
  const location = useLocation();

  return (
    <PageState
      testId="session-failed"
      icon="error"
      title={t('session.failedTitle')}
      description={errorKey ? t(errorKey) : undefined}
      action={
        <ButtonGroup>
          <RetryButton />
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
