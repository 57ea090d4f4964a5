import {
  Alignment,
  Classes,
  Navbar,
  NavbarDivider,
  NavbarGroup,
  NavbarHeading,
} from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { selectRole } from '../../machines/session/selectors.ts';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { AccountOverlays } from '../views/Account/AccountOverlays.tsx';
import { GuardedOutlet } from './routing/GuardedOutlet.tsx';
import { navigationFor } from './navigation.ts';
import { useSession } from './sessionContext.ts';

/** The shell every route renders in: brand, the role's navigation, language switch, then the page. */
export function Layout() {
  const { t } = useTranslation();
  const title = t('app.title');
  const role = useSession(selectRole);
  const entries = navigationFor(role);

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className="seconde-shell">
      <Navbar aria-label={t('app.mainNavigation')} className="seconde-navbar">
        <NavbarGroup align={Alignment.START}>
          <NavbarHeading>{title}</NavbarHeading>
          {entries.length > 0 && <NavbarDivider />}
          <nav className="seconde-nav">
            {entries.map((entry) => (
              <NavLink
                key={entry.to}
                to={entry.to}
                end={entry.to === '/'}
                className={({ isActive }) =>
                  `${Classes.BUTTON} ${Classes.MINIMAL}${isActive ? ` ${Classes.ACTIVE}` : ''}`
                }
              >
                {t(entry.labelKey)}
              </NavLink>
            ))}
          </nav>
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          <LanguageSwitch />
        </NavbarGroup>
      </Navbar>
      <main className="seconde-main">
        <GuardedOutlet />
      </main>
      <AccountOverlays />
    </div>
  );
}
