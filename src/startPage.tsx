import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { i18n } from 'i18next';
import { followLanguage } from './i18n/storedLanguage.ts';
import { loadAppConfig, type AppConfig } from './rpc/config.ts';
import { StartupFailed } from './ui/app/StartupFailed.tsx';
import { installAppIcons } from './ui/icons/iconLoader.ts';

/**
 * Starts one of the site's pages: icons and language first, then the deployment's configuration
 * from the same origin, then `page` rendered in #root (with `render`, which may slice the work),
 * or the translated startup failure when the configuration cannot be read.
 */
export async function startPage(
  texts: i18n,
  page: (config: AppConfig) => ReactNode,
  render: (draw: () => void) => void = (draw) => draw(),
): Promise<void> {
  installAppIcons();
  followLanguage(texts);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const root = createRoot(container);
  try {
    const config = await loadAppConfig(window.location.origin);
    render(() => root.render(<StrictMode>{page(config)}</StrictMode>));
  } catch (error) {
    console.error('Seconde could not start', error);
    root.render(
      <StrictMode>
        <StartupFailed i18n={texts} />
      </StrictMode>,
    );
  }
}
