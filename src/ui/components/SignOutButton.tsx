import { Button, type ButtonProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { selectCanSignOut } from '../../machines/session/selectors.ts';
import { useSession, useSessionActor } from '../app/sessionContext.ts';

/** "Se déconnecter", shown only when the session can sign out from where it is. */
export function SignOutButton(props: Omit<ButtonProps, 'onClick' | 'text' | 'icon'>) {
  const { t } = useTranslation();
  const session = useSessionActor();
  const canSignOut = useSession(selectCanSignOut);
  if (!canSignOut) return null;
  return (
    <Button
      {...props}
      icon="log-out"
      text={t('session.signOut')}
      onClick={() => session.send({ type: 'session.signOut' })}
    />
  );
}
