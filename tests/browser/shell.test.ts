import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  SupportTicketPriority,
  SupportTicketService,
  SupportTicketStatus,
} from '../../src/rpc/gen/seconde/v1/support_ticket_pb.ts';
import { openAs, openPage, rpcAs } from '../helpers/browserPage.ts';

const AXE = path.resolve('node_modules/axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it is now (none expected). */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return (violations as AxeViolation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The names of the side-bar entries shown (`nav-<route name>` test ids). */
async function sideBarEntries(page: Page): Promise<string[]> {
  const bar = page.getByTestId('side-bar');
  await bar.getByTestId('nav-dashboard').waitFor({ timeout: 30_000 });
  return bar
    .locator('[data-testid^="nav-"]')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.slice(4)));
}

const unique = (what: string) => `${what} ${Date.now()}-${Math.floor(Math.random() * 1e4)}`;

describe('side bar and user block', () => {
  it('vendor@: vendor entries, dashboard current on /, user block with Contact us', async () => {
    const { page, close } = await openAs('vendor@seconde.test');
    const entries = await sideBarEntries(page);
    expect(entries).toEqual(
      expect.arrayContaining(['dashboard', 'marketplace', 'stock', 'contacts', 'messaging']),
    );
    for (const hidden of ['vendors', 'stats', 'dressing', 'depositRequests'])
      expect(entries).not.toContain(hidden);
    const bar = page.getByTestId('side-bar');
    const dashboardLink = bar.getByRole('link', { name: 'Tableau de bord' });
    expect(await dashboardLink.getAttribute('aria-current')).toBe('page');
    const block = page.getByTestId('user-block');
    expect(await block.getByTestId('user-profile-link').textContent()).toContain('Valérie V.');
    expect(await block.getByTestId('contact-us').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The current item follows the route; the dashboard is current only on '/'.
    await bar.getByRole('link', { name: 'Messagerie' }).click();
    await page.waitForURL(/\/messaging$/);
    // The URL changes before the lazily loaded screen renders: wait for the mark, do not sample it.
    await expect
      .poll(() => bar.getByRole('link', { name: 'Messagerie' }).getAttribute('aria-current'))
      .toBe('page');
    await expect.poll(() => dashboardLink.getAttribute('aria-current')).toBeNull();

    // The user block and the top bar's avatar open the profile.
    await page.getByTestId('topbar-profile').click();
    await page.waitForURL(/\/edit-profile$/);
    await page.goto(new URL('/', page.url()).href);
    await block.getByTestId('user-profile-link').click();
    await page.waitForURL(/\/edit-profile$/);
    await close();
  });

  it('customer@: dressing and information, no vendor screens and no Contact us', async () => {
    const { page, close } = await openAs('customer@seconde.test');
    const entries = await sideBarEntries(page);
    expect(entries).toEqual(expect.arrayContaining(['dressing', 'myInformation', 'messaging']));
    for (const hidden of ['vendors', 'contacts', 'marketplace', 'stock', 'stats'])
      expect(entries).not.toContain(hidden);
    expect(await page.getByTestId('contact-us').count()).toBe(0);
    expect(await page.getByTestId('user-profile-link').textContent()).toContain('Clara C.');
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });

  it('admin@: vendors and statistics, no Contact us (support answers instead)', async () => {
    const { page, close } = await openAs('admin@seconde.test');
    const entries = await sideBarEntries(page);
    expect(entries).toEqual(
      expect.arrayContaining(['vendors', 'stats', 'statsNew', 'depositRequests', 'outbox']),
    );
    expect(entries).not.toContain('marketplace');
    expect(await page.getByTestId('contact-us').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });

  it('switches the language from the user block and keeps it after a reload', async () => {
    const { page, close } = await openAs('company@seconde.test');
    const bar = page.getByTestId('side-bar');
    await bar.getByRole('link', { name: 'Messagerie' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('user-block').getByRole('button', { name: 'English' }).click();
    await bar.getByRole('link', { name: 'Messages' }).waitFor();
    await page.reload();
    await bar.getByRole('link', { name: 'Messages' }).waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('contact-us').textContent()).toBe('Contact us');
    await close();
  });

  it('offers a skip link to the main content as the first stop of the keyboard', async () => {
    const { page, close } = await openAs('vendor@seconde.test');
    await page.getByTestId('side-bar').waitFor({ timeout: 30_000 });
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    await close();
  });

  it('shows no side bar on public pages', async () => {
    for (const pathname of ['/no-group', '/unrecognized-user']) {
      const { page, close } = await openPage(pathname);
      await expect.poll(() => page.locator('#main').innerText(), { timeout: 30_000 }).not.toBe('');
      expect(await page.getByTestId('side-bar').count()).toBe(0);
      expect(await page.getByTestId('menu-button').count()).toBe(0);
      expect(await seriousViolations(page), pathname).toEqual([]);
      await close();
    }
  });

  it('folds into a drawer at 360 px, opened from the menu button', async () => {
    const { page, close } = await openAs('vendor@seconde.test', '/', {
      viewport: { width: 360, height: 740 },
      mobile: true,
    });
    const menu = page.getByTestId('menu-button');
    await menu.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('side-bar').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Messagerie' }).waitFor();
    expect(await drawer.getByTestId('contact-us').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // Following a link closes the drawer.
    await drawer.getByRole('link', { name: 'Messagerie' }).click();
    await page.waitForURL(/\/messaging$/);
    await expect.poll(() => page.getByRole('dialog', { name: 'Menu' }).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await close();
  });
});

describe('Contact us', () => {
  it('vendor@ writes to support: required fields, then a real ticket and a toast', async () => {
    const { page, close } = await openAs('vendor@seconde.test');
    await page.getByTestId('contact-us').click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Nous contacter' });
    await dialog.waitFor();
    await dialog.getByTestId('support-send').click();
    expect(await dialog.getByText('Ce champ est obligatoire').count()).toBe(2);
    expect(await dialog.getByLabel(/^Objet/).getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    const title = unique('Facture introuvable');
    await dialog.getByLabel(/^Objet/).fill(title);
    await dialog.getByLabel(/^Message/).fill('Bonjour, je ne trouve pas ma facture de mars.');
    await dialog.getByLabel('Priorité').selectOption('HIGH');
    await dialog.getByText('M’envoyer une copie par courriel').click();
    expect(await dialog.getByText('Ce champ est obligatoire').count()).toBe(0);
    await dialog.getByTestId('support-send').click();
    await page.getByText('Votre message a été envoyé au support.').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('dialog', { name: 'Nous contacter' }).count()).toBe(0);

    const rpc = await rpcAs('vendor@seconde.test');
    const { results } = await rpc(SupportTicketService).list({ pagination: { pageSize: 50 } });
    const ticket = results.find((r) => r.title === title);
    expect(ticket).toMatchObject({
      priority: SupportTicketPriority.HIGH,
      copyUser: true,
      status: SupportTicketStatus.OPEN,
      authorName: 'Valérie Vendeuse',
    });
    await close();
  });
});

describe('messaging', () => {
  it('runs a conversation between vendor@ and support (admin@)', async () => {
    const vendor = await openAs('vendor@seconde.test', '/messaging');
    const v = vendor.page;
    await v.getByTestId('new-message').click({ timeout: 30_000 });
    const title = unique('Question sur mon abonnement');
    const dialog = v.getByRole('dialog', { name: 'Nous contacter' });
    await dialog.getByLabel(/^Objet/).fill(title);
    await dialog.getByLabel(/^Message/).fill('Puis-je changer de formule ?');
    await dialog.getByTestId('support-send').click();
    // The inbox reloads with the new conversation on top.
    const vendorRow = v.getByTestId('ticket-row').filter({ hasText: title });
    await vendorRow.waitFor({ timeout: 30_000 });
    expect(await seriousViolations(v)).toEqual([]);

    const admin = await openAs('admin@seconde.test', '/messaging');
    const a = admin.page;
    const adminRow = a.getByTestId('ticket-row').filter({ hasText: title });
    await adminRow.waitFor({ timeout: 30_000 });
    expect(await adminRow.textContent()).toContain('De Valérie Vendeuse');
    await adminRow.click();
    const ticket = a.getByTestId('ticket');
    await ticket.getByText('Puis-je changer de formule ?').waitFor({ timeout: 30_000 });
    await ticket.getByLabel('Votre réponse').fill('Oui, depuis votre profil.');
    await ticket.getByLabel('Statut').selectOption('RESOLVED');
    expect(await seriousViolations(a)).toEqual([]);
    await ticket.getByTestId('reply-send').click();
    await a.getByText('Réponse envoyée').waitFor({ timeout: 30_000 });
    await expect.poll(() => ticket.getByTestId('ticket-message').count()).toBe(2);
    expect(await ticket.getByTestId('ticket-status').textContent()).toBe('Résolu');

    await v.reload();
    await vendorRow.click({ timeout: 30_000 });
    const vendorTicket = v.getByTestId('ticket');
    await vendorTicket.getByText('Oui, depuis votre profil.').waitFor({ timeout: 30_000 });
    expect(await vendorTicket.getByTestId('ticket-status').textContent()).toBe('Résolu');
    // The vendor cannot move the status; answering reopens the conversation.
    expect(await vendorTicket.getByLabel('Statut').count()).toBe(0);
    await vendorTicket.getByLabel('Votre réponse').fill('Merci, et pour la facture ?');
    await vendorTicket.getByTestId('reply-send').click();
    await expect
      .poll(() => vendorTicket.getByTestId('ticket-status').textContent(), { timeout: 30_000 })
      .toBe('Ouvert');
    expect(await vendorTicket.getByTestId('ticket-message').count()).toBe(3);

    await a.reload();
    await adminRow.click({ timeout: 30_000 });
    await a.getByTestId('ticket').getByText('Merci, et pour la facture ?').waitFor({
      timeout: 30_000,
    });
    await vendor.close();
    await admin.close();
  });

  it('shows an empty inbox with a way to write, to a customer with no conversation', async () => {
    const { page, close } = await openAs('customer@seconde.test', '/messaging');
    // No browser test writes as customer@: the inbox is empty, and says so.
    await page.getByTestId('messaging-empty').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('new-message').isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });
});
