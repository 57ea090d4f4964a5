import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { i18n } from 'i18next';
import { coreEn } from './i18n/areas/core.en.ts';
import { coreFr } from './i18n/areas/core.fr.ts';
import { createI18nWith, isLanguage } from './i18n/languages.ts';
import { followLanguage } from './i18n/storedLanguage.ts';
import { loadAppConfig, type AppConfig } from './rpc/config.ts';
import { StartupFailed } from './ui/app/StartupFailed.tsx';
import { installAppIcons } from './ui/icons/iconLoader.ts';

/** The shared texts alone, to say the page could not start when its own texts could not load. */
function coreTexts(): i18n {
  const language = document.documentElement.lang;
  return createI18nWith({ fr: coreFr, en: coreEn }, isLanguage(language) ? language : undefined);
}

/**
 * Starts one of the site's pages: icons and language first, then the deployment's configuration
 * from the same origin (read while the texts load, when they load), then `page` rendered in
 * #root (with `render`, which may slice the work), or the translated startup failure when the
 * configuration or the texts cannot be read.
 */
export async function startPage(
  texts: i18n | Promise<i18n>,
  page: (config: AppConfig, texts: i18n) => ReactNode,
  render: (draw: () => void) => void = (draw) => draw(),
): Promise<void> {
  installAppIcons();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const root = createRoot(container);
  const config = loadAppConfig(window.location.origin);
  // Awaited below; a failure while the texts still load is reported there, not as unhandled.
  config.catch(() => undefined);
  let ready: i18n | undefined;
  try {
    ready = await texts;
    followLanguage(ready);
    const loaded = await config;
    const shown = ready;
    render(() => root.render(<StrictMode>{page(loaded, shown)}</StrictMode>));
  } catch (error) {
    console.error('Seconde could not start', error);
    root.render(
      <StrictMode>
        <StartupFailed i18n={ready ?? coreTexts()} />
      </StrictMode>,
    );
  }
}
