import { OverlaysProvider } from '@blueprintjs/core';
import type { i18n } from 'i18next';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import {
  LegalTermsContext,
  NotificationsContext,
  SubscriptionGateContext,
} from '../account/accountContexts.ts';
import { appRoutes } from './routes.tsx';
import type { AppServices } from './services.ts';
import { ServicesContext } from './servicesContext.ts';
import { SessionContext } from './sessionContext.ts';

export interface AppProps {
  readonly i18n: i18n;
  readonly services: AppServices;
}

/**
 * Providers, outermost first: texts, app state, overlays, the session actor, the app-wide account
 * actors (notifications, subscription gate, legal terms), then routes.
 */
export function App({ i18n, services }: AppProps) {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  const [store] = useState(() => createStore());
  return (
    <I18nextProvider i18n={i18n}>
      <JotaiProvider store={store}>
        <OverlaysProvider>
          <ServicesContext.Provider value={services}>
            <SessionContext.Provider logic={services.sessionLogic}>
              <NotificationsContext.Provider logic={services.notificationsLogic}>
                <SubscriptionGateContext.Provider logic={services.subscriptionGateLogic}>
                  <LegalTermsContext.Provider logic={services.legalTermsLogic}>
                    <RouterProvider router={router} />
                  </LegalTermsContext.Provider>
                </SubscriptionGateContext.Provider>
              </NotificationsContext.Provider>
            </SessionContext.Provider>
          </ServicesContext.Provider>
        </OverlaysProvider>
      </JotaiProvider>
    </I18nextProvider>
  );
}
