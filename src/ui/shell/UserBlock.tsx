import { Button, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { SignOutButton } from '../components/SignOutButton.tsx';
import { useSession } from '../app/sessionContext.ts';
import { selectCanContactUs, selectShellFirstName, selectShellLastName } from './shellSelectors.ts';
import { useSupportTicketActor } from './supportTicketContext.ts';
import { UserAvatar } from './UserAvatar.tsx';

/** "Valérie V." — first name and the first letter of the last name. */
export function useShortName(): string {
  const { t } = useTranslation();
  const firstName = useSession(selectShellFirstName);
  const lastName = useSession(selectShellLastName);
  const initial = lastName.trim().charAt(0).toLocaleUpperCase();
  return initial ? t('shell.userName', { firstName, initial }) : firstName;
}

/**
 * The bottom of the side bar: who is signed in (opens the profile), "Contact us" for vendors,
 * the language switch and sign-out.
 */
export function UserBlock() {
  const { t } = useTranslation();
  const name = useShortName();
  const canContactUs = useSession(selectCanContactUs);
  const support = useSupportTicketActor();
  return (
    <section
      className="seconde-user-block"
      aria-label={t('shell.account')}
      data-testid="user-block"
    >
      <Link to="/edit-profile" className="seconde-user-link" data-testid="user-profile-link">
        <UserAvatar />
        <span className="seconde-sidebar-text">
          <span className="seconde-user-name">{name}</span>
          <small className={Classes.TEXT_MUTED}>{t('shell.profileShortcut')}</small>
        </span>
      </Link>
      {canContactUs && (
        <Button
          variant="minimal"
          alignText="start"
          icon="chat"
          text={t('shell.contactUs')}
          onClick={() => support.send({ type: 'support.open' })}
          data-testid="contact-us"
        />
      )}
      <div className="seconde-user-actions">
        <LanguageSwitch />
        <SignOutButton variant="minimal" data-testid="user-sign-out" />
      </div>
    </section>
  );
}
