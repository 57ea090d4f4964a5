import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type Snapshot } from 'xstate';
import { createI18n, type Language } from '../../i18n/index.ts';
import { dashboardClients, VENDOR_FIGURES } from '../../machines/dashboard/dashboardFixtures.ts';
import type { DashboardFigures } from '../../machines/dashboard/dashboardMachine.ts';
import type { RestoredSession } from '../../machines/session/oidc.ts';
import { USERS } from '../../machines/session/sessionFixtures.ts';
import { sessionMachine } from '../../machines/session/sessionMachine.ts';
import type { CurrentUserPayload } from '../../machines/session/sessionTypes.ts';
import type { AppServices } from '../app/services.ts';
import { ServicesContext } from '../app/servicesContext.ts';
import { SessionContext } from '../app/sessionContext.ts';
import { UnrecognizedUserView } from '../session/UnrecognizedUserView.tsx';
import { Dashboard } from './Dashboard.tsx';
import { audienceOf } from './DashboardFigures.tsx';
import { FiguresView, type DashboardAudience } from './DashboardPanels.tsx';

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

/** A page rendered on its own (the shell around it has its own tests), as the session sees it. */
async function renderPage(page: ReactNode, user: () => Promise<CurrentUserPayload>, lng: Language) {
  const { machine, snapshot } = await settledSession(user);
  // The dashboard only asks the services for its clients.
  const services = { clients: dashboardClients() } as unknown as AppServices;
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: ['/'] });
  return renderToString(
    <I18nextProvider i18n={createI18n(lng)}>
      <ServicesContext.Provider value={services}>
        <SessionContext.Provider logic={machine} options={{ snapshot }}>
          <RouterProvider router={router} />
        </SessionContext.Provider>
      </ServicesContext.Provider>
    </I18nextProvider>,
  );
}

function renderFigures(
  audience: DashboardAudience,
  figures: DashboardFigures,
  trialDaysLeft: number,
  lng: Language = 'fr',
) {
  return renderToString(
    <I18nextProvider i18n={createI18n(lng)}>
      <MemoryRouter>
        <FiguresView audience={audience} figures={figures} trialDaysLeft={trialDaysLeft} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** The text inside the element carrying `data-testid`. */
function textOf(html: string, testId: string): string | undefined {
  const match = new RegExp(`data-testid="${testId}"[^>]*>(.*?)</`, 's').exec(html);
  return match?.[1]?.replace(/<[^>]+>/g, '');
}

const linksOf = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe('Dashboard', () => {
  it('shows the signed-in vendor, their role, the sign-out button and loads the figures', async () => {
    const html = await renderPage(<Dashboard />, () => Promise.resolve(USERS.vendor), 'fr');
    expect(html).toContain('data-testid="dashboard"');
    expect(html).toMatch(/<h1[^>]*>Tableau de bord<\/h1>/);
    expect(textOf(html, 'user-name')).toBe('Valérie Dépôt');
    expect(textOf(html, 'user-role')).toBe('Vendeur');
    expect(html).toMatch(/data-testid="sign-out"[^>]*>.*Se déconnecter/s);
    // The figures are on their way; the install prompt waits for the browser's offer.
    expect(html).toContain('data-testid="dashboard-loading"');
    expect(html).toContain('Chargement de vos chiffres');
    expect(html).not.toContain('data-testid="install-prompt"');
  });

  it('speaks English when asked', async () => {
    const html = await renderPage(<Dashboard />, () => Promise.resolve(USERS.developer), 'en');
    expect(html).toMatch(/<h1[^>]*>Dashboard<\/h1>/);
    expect(textOf(html, 'user-name')).toBe('developer@seconde.test');
    expect(textOf(html, 'user-role')).toBe('Developer');
    expect(html).toContain('Sign out');
  });

  it('names the failure when the user check fails, on the unrecognised-user page', async () => {
    const html = await renderPage(
      <UnrecognizedUserView />,
      () => Promise.reject(new TypeError('Failed to fetch')),
      'fr',
    );
    expect(html).toContain('data-testid="unrecognized-user"');
    expect(html).toContain('Le serveur est injoignable');
    expect(html).toContain('Réessayer');
  });
});

describe('dashboard audiences', () => {
  it.each([
    ['Developer', false, 'staff'],
    ['Admin', false, 'staff'],
    ['Vendor', false, 'vendor'],
    ['Vendor', true, 'companyAdmin'],
    ['Customer', false, 'customer'],
  ] as const)('%s (company admin: %s) sees the %s dashboard', (role, company, audience) => {
    expect(audienceOf(role, company)).toBe(audience);
  });
});

describe('FiguresView', () => {
  it('gives a vendor their deposits by status with links, items, turnover and trial', () => {
    const html = renderFigures('vendor', VENDOR_FIGURES, 9);
    expect(html).toMatch(/data-testid="trial-days-left".*Essai gratuit : il vous reste 9 jours\./s);
    expect(textOf(html, 'figure-turnover-value')).toMatch(/^84,50\s€$/);
    expect(textOf(html, 'figure-customers-value')).toBe('4');
    expect(html).toMatch(/data-testid="deposit-status-INLINE".*En ligne.*>3</s);
    expect(html).toMatch(/data-testid="sale-status-SELL".*Vendu.*>2</s);
    expect(linksOf(html)).toEqual(
      expect.arrayContaining([
        '/contacts',
        '/messaging',
        '/deposits?status=INLINE',
        '/deposits?status=TODO',
      ]),
    );
    // Deposits in a status the vendor has none of are not listed; staff figures are not shown.
    expect(html).not.toContain('deposit-status-DRAFT');
    expect(html).not.toContain('figure-requests');
    expect(html).not.toContain('figure-vendors');
  });

  it('says when it is the last day of the trial, and nothing once it is over', () => {
    expect(renderFigures('vendor', VENDOR_FIGURES, 1)).toMatch(
      /data-testid="trial-days-left".*Essai gratuit : c’est votre dernier jour\./s,
    );
    expect(renderFigures('vendor', VENDOR_FIGURES, 0)).not.toContain('trial-days-left');
  });

  it('gives staff the global figures with requests, tickets and vendors', () => {
    const figures = {
      ...VENDOR_FIGURES,
      vendorCount: 12,
      openDepositRequests: 5,
      openSupportTickets: 3,
    };
    const html = renderFigures('staff', figures, 0, 'en');
    expect(textOf(html, 'figure-vendors-value')).toBe('12');
    expect(textOf(html, 'figure-requests-value')).toBe('5');
    expect(textOf(html, 'figure-tickets-value')).toBe('3');
    expect(linksOf(html)).toEqual(
      expect.arrayContaining([
        '/vendors',
        '/deposit-requests',
        '/messaging',
        '/deposits?status=INLINE',
      ]),
    );
    expect(html).toContain('Deposits by status');
  });

  it('gives a company admin the vendors of their company, without a staff link', () => {
    const html = renderFigures('companyAdmin', { ...VENDOR_FIGURES, vendorCount: 2 }, 0);
    expect(textOf(html, 'figure-vendors-value')).toBe('2');
    expect(html).toContain('Vendeurs de votre entreprise');
    expect(linksOf(html)).not.toContain('/vendors');
    expect(html).not.toContain('figure-requests');
  });

  it('gives a customer their deposits and items, and the way to their dressing', () => {
    const html = renderFigures('customer', VENDOR_FIGURES, 0);
    expect(html).toContain('Mes dépôts');
    expect(html).toContain('Mes articles');
    expect(linksOf(html)).toContain('/dressing');
    expect(html).not.toContain('figure-turnover');
    expect(html).not.toContain('figure-customers');
  });

  it('says so when there is nothing yet', () => {
    const empty = { ...VENDOR_FIGURES, depositsByStatus: {}, productsBySaleStatus: {} };
    const html = renderFigures('vendor', empty, 0);
    expect(html).toContain('Aucun dépôt pour l’instant.');
    expect(html).toContain('Aucun article pour l’instant.');
  });
});
