import { describe, expect, it } from 'vitest';
import { registerServiceWorker, SERVICE_WORKER_URL, type PwaEnvironment } from './pwa.ts';

function environment(production: boolean, readyState: DocumentReadyState, withWorkers = true) {
  const registered: { url: string; scope?: string }[] = [];
  const listeners: Record<string, () => void> = {};
  const env: PwaEnvironment = {
    production,
    navigator: withWorkers
      ? {
          serviceWorker: {
            register: (url: string, options?: RegistrationOptions) => {
              registered.push({ url, scope: options?.scope });
              return Promise.resolve({} as ServiceWorkerRegistration);
            },
          } as unknown as ServiceWorkerContainer,
        }
      : {},
    window: {
      addEventListener: ((type: string, listener: () => void) => {
        listeners[type] = listener;
      }) as Window['addEventListener'],
      document: { readyState },
    },
  };
  return { env, registered, listeners };
}

describe('registerServiceWorker', () => {
  it('registers the worker once the page has loaded, in production builds', () => {
    const { env, registered, listeners } = environment(true, 'loading');
    expect(registerServiceWorker(env)).toBe(true);
    expect(registered).toEqual([]);
    listeners.load?.();
    expect(registered).toEqual([{ url: SERVICE_WORKER_URL, scope: '/' }]);
  });

  it('registers at once when the page is already loaded', () => {
    const { env, registered } = environment(true, 'complete');
    registerServiceWorker(env);
    expect(registered).toHaveLength(1);
  });

  it('leaves development, tests and browsers without service workers alone', () => {
    const dev = environment(false, 'complete');
    expect(registerServiceWorker(dev.env)).toBe(false);
    expect(dev.registered).toEqual([]);
    const old = environment(true, 'complete', false);
    expect(registerServiceWorker(old.env)).toBe(false);
  });
});
