import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { selectCanRetry, selectErrorKey } from '../../../machines/session/selectors.ts';
import { useSession, useSessionActor } from '../../app/sessionContext.ts';
import { PageState } from '../../components/PageState.tsx';
import { SignOutButton } from '../../components/SignOutButton.tsx';

/**
 * Public page for an identity without its vendor or customer record, or whose check failed; in
 * the latter case the failure is named and the check can be retried.
 */
export function UnrecognizedUserView() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const errorKey = useSession(selectErrorKey);
  const canRetry = useSession(selectCanRetry);
  return (
    <PageState
      testId="unrecognized-user"
      icon="person"
      title={t('unrecognizedUser.title')}
      description={errorKey ? t(errorKey) : t('unrecognizedUser.description')}
      action={
        <ButtonGroup>
          {canRetry && (
            <Button
              icon="refresh"
              text={t('session.retry')}
              onClick={() => session.send({ type: 'session.retry' })}
            />
          )}
          <SignOutButton />
        </ButtonGroup>
      }
    />
  );
}
