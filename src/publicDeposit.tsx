import '@blueprintjs/core/lib/css/blueprint.css';
import './ui/app/app.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18nWith } from './i18n/languages.ts';
import { publicDepositTexts } from './i18n/publicDeposit.ts';
import { followLanguage, storedLanguage } from './i18n/storedLanguage.ts';
import { hasStoredSignIn, tabSessionStorage } from './machines/session/storedSignIn.ts';
import { loadAppConfig } from './rpc/config.ts';
import { StartupFailed } from './ui/app/StartupFailed.tsx';
import { installAppIcons } from './ui/icons/iconLoader.ts';
import { handOverToApp } from './ui/publicDeposit/handOverToApp.ts';
import { PublicDepositApp } from './ui/publicDeposit/PublicDepositApp.tsx';

/**
 * The public deposit page (public-deposit.html, served for the flow's addresses). A visitor gets
 * the light page with anonymous calls, their draft kept by its token. A tab already signed in
 * (staff continuing a customer's draft, a customer) gets the whole app, whose calls carry the
 * sign-in, at the same address.
 */
async function start(): Promise<void> {
  if (hasStoredSignIn(tabSessionStorage())) return handOverToApp();
  installAppIcons();
  const i18n = createI18nWith(publicDepositTexts, storedLanguage());
  followLanguage(i18n);
  const container = document.getElementById('root');
  if (!container) throw new Error('public-deposit.html has no #root element');
  const root = createRoot(container);
  try {
    const config = await loadAppConfig(window.location.origin);
    // A transition renders in slices, yielding to the browser: a slow phone stays responsive
    // while the form is first drawn.
    startTransition(() =>
      root.render(
        <StrictMode>
          <PublicDepositApp i18n={i18n} config={config} />
        </StrictMode>,
      ),
    );
  } catch (error) {
    console.error('Seconde could not start', error);
    root.render(
      <StrictMode>
        <StartupFailed i18n={i18n} />
      </StrictMode>,
    );
  }
}

void start();
