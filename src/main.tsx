import '@blueprintjs/core/lib/css/blueprint.css';
import './ui/app/app.css';
import { loadI18n } from './i18n/loadI18n.ts';
import { storedLanguage } from './i18n/storedLanguage.ts';
import { startPage } from './startPage.tsx';
import { App } from './ui/app/App.tsx';
import { registerServiceWorker } from './ui/app/pwa.ts';
import { createAppServices } from './ui/app/services.ts';

/**
 * The app: its texts in the user's language (the other language loads when chosen), then its
 * sign-in and clients built from the configuration, read meanwhile.
 */
const i18n = loadI18n(storedLanguage());
void startPage(i18n, (config, texts) => (
  <App i18n={texts} services={createAppServices(config, window.location)} />
));
registerServiceWorker();
