import '@blueprintjs/core/lib/css/blueprint.css';
import './ui/app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18n } from './i18n/index.ts';
import { followLanguage, storedLanguage } from './i18n/storedLanguage.ts';
import { loadAppConfig } from './rpc/config.ts';
import { App } from './ui/app/App.tsx';
import { registerServiceWorker } from './ui/app/pwa.ts';
import { createAppServices } from './ui/app/services.ts';
import { installAppIcons } from './ui/icons/iconLoader.ts';
import { StartupFailed } from './ui/app/StartupFailed.tsx';

/** Reads the deployment's configuration from the same origin, then renders the app. */
async function start(): Promise<void> {
  installAppIcons();
  const i18n = createI18n(storedLanguage());
  followLanguage(i18n);

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  try {
    const config = await loadAppConfig(window.location.origin);
    const services = createAppServices(config, window.location);
    root.render(
      <StrictMode>
        <App i18n={i18n} services={services} />
      </StrictMode>,
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
registerServiceWorker();
