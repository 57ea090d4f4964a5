import '@blueprintjs/core/lib/css/blueprint.css';
import './ui/app/app.css';
import { startTransition } from 'react';
import { createI18nWith } from './i18n/languages.ts';
import { publicDepositTexts } from './i18n/publicDeposit.ts';
import { storedLanguage } from './i18n/storedLanguage.ts';
import { hasStoredSignIn, tabSessionStorage } from './machines/session/storedSignIn.ts';
import { startPage } from './startPage.tsx';
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
  const i18n = createI18nWith(publicDepositTexts, storedLanguage());
  await startPage(
    i18n,
    (config) => <PublicDepositApp i18n={i18n} config={config} />,
    // A transition renders in slices, yielding to the browser: a slow phone stays responsive
    // while the form is first drawn.
    (draw) => startTransition(draw),
  );
}

void start();
