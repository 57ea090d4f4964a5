import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type Snapshot } from 'xstate';
import { createI18n, type Language } from '../../../i18n/index.ts';
import type { RestoredSession } from '../../../machines/session/oidc.ts';
import { USERS } from '../../../machines/session/sessionFixtures.ts';
import { sessionMachine } from '../../../machines/session/sessionMachine.ts';
import type { CurrentUserPayload } from '../../../machines/session/sessionTypes.ts';
import { appRoutes } from '../../app/routes.tsx';
import { SessionContext } from '../../app/sessionContext.ts';

/** The session machine with stubs, run until it settles, as a snapshot a Provider can restore. */
async function settledSession(user: () => Promise<CurrentUserPayload>) {
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(() =>
        Promise.resolve<RestoredSession>({ signedIn: true, returnTo: null }),
      ),
      loadCurrentUser: fromPromise(user),
    },
  });
  const actor = createActor(machine).start();
  await waitFor(actor, (s) => !s.hasTag('busy'));
  const snapshot = actor.getPersistedSnapshot() as Snapshot<unknown>;
  actor.stop();
  return { machine, snapshot };
}

async function renderAt(path: string, user: () => Promise<CurrentUserPayload>, lng: Language) {
  const { machine, snapshot } = await settledSession(user);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const tree: ReactNode = (
    <I18nextProvider i18n={createI18n(lng)}>
      <SessionContext.Provider logic={machine} options={{ snapshot }}>
        <RouterProvider router={router} />
      </SessionContext.Provider>
    </I18nextProvider>
  );
  return renderToString(tree);
}

/** The text inside the element carrying `data-testid`. */
function textOf(html: string, testId: string): string | undefined {
  const match = new RegExp(`data-testid="${testId}"[^>]*>(.*?)</`, 's').exec(html);
  return match?.[1]?.replace(/<[^>]+>/g, '');
}

describe('Dashboard', () => {
  it('shows the signed-in vendor, their role and the sign-out button, in French', async () => {
    const html = await renderAt('/', () => Promise.resolve(USERS.vendor), 'fr');
    expect(html).toContain('data-testid="dashboard"');
    expect(html).toMatch(/<h1[^>]*>Tableau de bord<\/h1>/);
    expect(textOf(html, 'user-name')).toBe('Valérie Dépôt');
    expect(textOf(html, 'user-role')).toBe('Vendeur');
    expect(html).toMatch(/data-testid="sign-out"[^>]*>.*Se déconnecter/s);
  });

  it('speaks English when asked', async () => {
    const html = await renderAt('/', () => Promise.resolve(USERS.developer), 'en');
    expect(html).toMatch(/<h1[^>]*>Dashboard<\/h1>/);
    expect(textOf(html, 'user-name')).toBe('developer@seconde.test');
    expect(textOf(html, 'user-role')).toBe('Developer');
    expect(html).toContain('Sign out');
  });

  it('names the failure when the user check fails, on the unrecognised-user page', async () => {
    const html = await renderAt(
      '/unrecognized-user',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'fr',
    );
    expect(html).toContain('data-testid="unrecognized-user"');
    expect(html).toContain('Le serveur est injoignable');
    expect(html).toContain('Réessayer');
  });

  it('answers unknown paths with the not-found page', async () => {
    const html = await renderAt('/nope', () => Promise.resolve(USERS.vendor), 'fr');
    expect(html).toContain('data-testid="not-found"');
    expect(html).not.toContain('data-testid="dashboard"');
  });
});
