import '@blueprintjs/core/lib/css/blueprint.css';
import './ui/app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18n, DEFAULT_LANGUAGE, isLanguage } from './i18n/index.ts';
import { loadAppConfig } from './rpc/config.ts';
import { App } from './ui/app/App.tsx';
import { registerServiceWorker } from './ui/app/pwa.ts';
import { createAppServices } from './ui/app/services.ts';
import { installAppIcons } from './ui/icons/iconLoader.ts';
import { StartupFailed } from './ui/app/StartupFailed.tsx';

const LANGUAGE_KEY = 'seconde.language';

/** localStorage may be unavailable (private windows, blocked storage): the choice is optional. */
function storedLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_KEY);
  } catch {
    return null;
  }
}

function rememberLanguage(language: string): void {
  document.documentElement.lang = language;
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not remembered across visits; the switch still works for this one.
  }
}

/** Reads the deployment's configuration from the same origin, then renders the app. */
async function start(): Promise<void> {
  installAppIcons();
  const stored = storedLanguage();
  const i18n = createI18n(isLanguage(stored) ? stored : DEFAULT_LANGUAGE);
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', rememberLanguage);

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
