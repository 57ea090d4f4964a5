import '@blueprintjs/core/lib/css/blueprint.css';
import './ui/app/app.css';
import { createI18n } from './i18n/index.ts';
import { storedLanguage } from './i18n/storedLanguage.ts';
import { startPage } from './startPage.tsx';
import { App } from './ui/app/App.tsx';
import { registerServiceWorker } from './ui/app/pwa.ts';
import { createAppServices } from './ui/app/services.ts';

/** The app: all its texts, then its sign-in and clients built from the configuration. */
const i18n = createI18n(storedLanguage());
void startPage(i18n, (config) => (
  <App i18n={i18n} services={createAppServices(config, window.location)} />
));
registerServiceWorker();
