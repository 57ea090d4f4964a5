import { Alignment, Button, Navbar, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { SignOutButton } from '../components/SignOutButton.tsx';
import { UserAvatar } from './UserAvatar.tsx';
import { useShortName } from './UserBlock.tsx';

/** The notices button and panel, their machine and contract: loaded apart, once signed in. */
const NoticesInbox = lazy(() => import('../account/NoticesInbox.tsx'));

export interface TopBarProps {
  /** The side bar is shown (inline or as a drawer): the user block holds language and sign-out. */
  readonly withSideBar: boolean;
  /** The signed-in user is known: the avatar shortcut to the profile shows. */
  readonly signedIn: boolean;
  /** Phones: the button that opens the side-bar drawer. */
  readonly onMenu?: () => void;
  readonly menuOpen?: boolean;
}

function ProfileShortcut() {
  const { t } = useTranslation();
  const name = useShortName();
  return (
    <Link
      to="/edit-profile"
      className="seconde-topbar-avatar"
      aria-label={t('shell.openProfile', { name })}
      title={t('shell.profileShortcut')}
      data-testid="topbar-profile"
    >
      <UserAvatar size={32} />
    </Link>
  );
}

/** Brand, the phone menu button, the notices button and the avatar shortcut to the profile. */
export function TopBar({ withSideBar, signedIn, onMenu, menuOpen }: TopBarProps) {
  const { t } = useTranslation();
  return (
    <Navbar className="seconde-topbar">
      <NavbarGroup align={Alignment.START}>
        {onMenu && (
          <Button
            variant="minimal"
            icon="menu"
            aria-label={t('shell.openMenu')}
            aria-expanded={menuOpen}
            aria-controls="seconde-drawer"
            onClick={onMenu}
            data-testid="menu-button"
          />
        )}
        <NavbarHeading>
          <Link to="/" className="seconde-brand">
            {t('app.title')}
          </Link>
        </NavbarHeading>
      </NavbarGroup>
      <NavbarGroup align={Alignment.END} className="seconde-topbar-end">
        {!withSideBar && <LanguageSwitch />}
        {!withSideBar && signedIn && <SignOutButton />}
        {signedIn && (
          <Suspense fallback={null}>
            <NoticesInbox />
          </Suspense>
        )}
        {signedIn && <ProfileShortcut />}
      </NavbarGroup>
    </Navbar>
  );
}
