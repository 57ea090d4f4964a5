/** Where the service worker lives (public/sw.js, copied to the root of the build). */
export const SERVICE_WORKER_URL = '/sw.js';

export interface PwaEnvironment {
  /** A production build; development and tests never register a worker. */
  readonly production: boolean;
  readonly navigator: Pick<Navigator, 'serviceWorker'> | Partial<Pick<Navigator, 'serviceWorker'>>;
  readonly window: Pick<Window, 'addEventListener'> & {
    readonly document: Pick<Document, 'readyState'>;
  };
}

/**
 * Registers the service worker that makes the app installable (with the manifest of index.html),
 * once the page has loaded so it never competes with the first render. Production builds only:
 * `vite` and vitest leave it alone. A refusal (private mode, old browser) only costs the install
 * prompt, so it is logged, not shown.
 */
export function registerServiceWorker(
  env: PwaEnvironment = {
    production: import.meta.env.PROD,
    navigator,
    window,
  },
): boolean {
  const container = env.navigator.serviceWorker;
  if (!env.production || !container) return false;
  const register = () => {
    container.register(SERVICE_WORKER_URL, { scope: '/' }).catch((error: unknown) => {
      console.warn('Seconde: the service worker could not be registered', error);
    });
  };
  if (env.window.document.readyState === 'complete') register();
  else env.window.addEventListener('load', register, { once: true });
  return true;
}
