import '../shell/shell.css';
import {
  Alignment,
  Navbar,
  NavbarGroup,
  NavbarHeading,
  OverlaysProvider,
  Spinner,
} from '@blueprintjs/core';
import type { i18n } from 'i18next';
import type { AppConfig } from '../../machines/newDeposit/anonymousServices.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider, useLocation } from 'react-router';
import { pageTitle, titleKeyOf } from '../app/routing/pageTitle.ts';
import { LanguageButtons } from '../components/LanguageButtons.tsx';

/**
 * The flow itself (its machine, contracts, clients and steps) comes after the frame is drawn: a
 * phone runs the two in separate tasks and shows the page's top at once.
 */
const PublicDepositRoutes = lazy(() => import('./PublicDepositRoutes.tsx'));

/**
 * The public deposit page's frame: a skip link, the top bar (the brand, a link to the app, the
 * language) and the page, with the page title of the route table, as in the app's shell.
 */
function PublicDepositFrame({ config }: { config: AppConfig }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleKey = titleKeyOf(pathname);
  const title = pageTitle(titleKey && t(titleKey), t('app.title'));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="seconde-shell">
      <a href="#main" className="seconde-skip-link">
        {t('shell.skipToMain')}
      </a>
      <div className="seconde-shell-body">
        <Navbar className="seconde-topbar">
          <NavbarGroup align={Alignment.START}>
            <NavbarHeading>
              {/* The app is the other page of the site: a whole page load, not a route. */}
              <a href="/" className="seconde-brand">
                {t('app.title')}
              </a>
            </NavbarHeading>
          </NavbarGroup>
          <NavbarGroup align={Alignment.END} className="seconde-topbar-end">
            <LanguageButtons />
          </NavbarGroup>
        </Navbar>
        <main id="main" tabIndex={-1} className="seconde-main">
          <Suspense fallback={<Spinner />}>
            <PublicDepositRoutes config={config} />
          </Suspense>
        </main>
      </div>
    </div>
  );
}

export interface PublicDepositAppProps {
  readonly i18n: i18n;
  readonly config: AppConfig;
}

/**
 * The public deposit form as its own light page (`public-deposit.html`): the flow's routes, its
 * texts and anonymous clients, and nothing of the signed-in app (no sign-in library, session,
 * workers or other areas), so a visitor's phone downloads and runs a fraction of the app.
 */
export function PublicDepositApp({ i18n, config }: PublicDepositAppProps) {
  const [router] = useState(() =>
    createBrowserRouter([
      // The flow's own routes live below, in the lazily loaded part.
      { path: '*', element: <PublicDepositFrame config={config} /> },
    ]),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <OverlaysProvider>
        <RouterProvider router={router} />
      </OverlaysProvider>
    </I18nextProvider>
  );
}
