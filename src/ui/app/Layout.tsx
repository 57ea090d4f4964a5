import { Alignment, Navbar, NavbarGroup, NavbarHeading } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';

/** The shell every route renders in: brand, language switch, then the page. */
export function Layout() {
  const { t } = useTranslation();
  const title = t('app.title');

  useEffect(() => {
    document.title = title;
  }, [title]);

  return (
    <div className="seconde-shell">
      <Navbar aria-label={t('app.mainNavigation')}>
        <NavbarGroup align={Alignment.START}>
          <NavbarHeading>{title}</NavbarHeading>
        </NavbarGroup>
        <NavbarGroup align={Alignment.END}>
          <LanguageSwitch />
        </NavbarGroup>
      </Navbar>
      <main className="seconde-main">
        <Outlet />
      </main>
    </div>
  );
}
