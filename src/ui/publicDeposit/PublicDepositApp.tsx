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
import { lazy, Suspense, useEffect, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createBrowserRouter, RouterProvider, useLocation } from 'react-router';
import { notificationsMachine } from '../../machines/notifications/notificationsMachine.ts';
import { NotificationsContext } from '../account/notificationsContext.ts';
import { NotificationStack } from '../account/NotificationStack.tsx';
import { pageTitle, titleKeyOf } from '../app/routing/pageTitle.ts';
import { LanguageButtons } from '../components/LanguageButtons.tsx';
import { FlowServicesContext, type FlowServices } from '../newDeposit/flowServices.ts';

/**
 * The flow itself (its machine, contracts and steps) comes after the frame is drawn: a phone
 * runs the two in separate tasks and shows the page's top at once.
 */
const PublicDepositRoutes = lazy(() => import('./PublicDepositRoutes.tsx'));

/**
 * The public deposit page's frame: a skip link, the top bar (the brand, a link to the app, the
 * language) and the page, with the page title of the route table, as in the app's shell.
 */
function PublicDepositFrame() {
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
            <PublicDepositRoutes />
          </Suspense>
        </main>
      </div>
      <NotificationStack />
    </div>
  );
}

export interface PublicDepositAppProps {
  readonly i18n: i18n;
  readonly services: FlowServices;
}

/**
 * The public deposit form as its own light page (`public-deposit.html`): the flow's routes, its
 * texts and anonymous clients, and nothing of the signed-in app (no sign-in library, session,
 * workers or other areas), so a visitor's phone downloads and runs a fraction of the app.
 */
export function PublicDepositApp({ i18n, services }: PublicDepositAppProps) {
  const [router] = useState(() =>
    createBrowserRouter([
      // The flow's own routes live below, in the lazily loaded part.
      { path: '*', element: <PublicDepositFrame /> },
    ]),
  );
  return (
    <I18nextProvider i18n={i18n}>
      <OverlaysProvider>
        <NotificationsContext.Provider logic={notificationsMachine}>
          <FlowServicesContext.Provider value={services}>
            <RouterProvider router={router} />
          </FlowServicesContext.Provider>
        </NotificationsContext.Provider>
      </OverlaysProvider>
    </I18nextProvider>
  );
}
