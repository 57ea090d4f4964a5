import { Button, Intent, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { selectCanSignIn } from '../../machines/session/selectors.ts';
import { useSession, useSessionActor } from '../app/sessionContext.ts';
import { PageState } from '../components/PageState.tsx';

/** Shown while the session is being settled, and as a way back in once signed out. */
export function SignInView() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const canSignIn = useSession(selectCanSignIn);
  const location = useLocation();

  if (!canSignIn) {
    return (
      <PageState
        testId="session-loading"
        icon={<Spinner aria-label={t('session.loading')} />}
        title={t('session.loading')}
      />
    );
  }
  return (
    <PageState
      testId="signed-out"
      icon="log-in"
      title={t('session.signedOutTitle')}
      description={t('session.signedOutDescription')}
      action={
        <Button
          intent={Intent.PRIMARY}
          icon="log-in"
          text={t('session.signIn')}
          onClick={() =>
            session.send({
              type: 'session.signIn',
              returnTo: `${location.pathname}${location.search}`,
            })
          }
        />
      }
    />
  );
}
