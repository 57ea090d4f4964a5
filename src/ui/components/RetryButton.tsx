import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { selectCanRetry } from '../../machines/session/selectors.ts';
import { useSession, useSessionActor } from '../app/sessionContext.ts';

/** "Réessayer", shown only when the session machine accepts a retry from where it is. */
export function RetryButton() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const canRetry = useSession(selectCanRetry);
  if (!canRetry) return null;
  return (
    <Button
      icon="refresh"
      text={t('session.retry')}
      onClick={() => session.send({ type: 'session.retry' })}
    />
  );
}
