import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { AgeRange, ContactWay } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

/**
 * newcomer@ is a demo account in no group that only this file uses: walking the whole onboarding
 * makes it a customer for good on the shared server, so nogroup@ stays a newcomer for the others.
 */
const NEWCOMER = 'newcomer@seconde.test';
const PHONE = { width: 360, height: 740 };
const AXE = path.resolve('node_modules/axe-core/axe.min.js');

/** axe-core's serious and critical violations on the page as it is now (none expected). */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return (violations as { id: string; impact: string | null; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('onboarding', () => {
  it('nogroup@ sees the vendor choice preselected by ?user_type=vendor', async () => {
    const { page, close } = await openAs('nogroup@seconde.test', '/onboarding?user_type=vendor');
    await page.getByTestId('user-type-choice').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('radio', { name: /Vendeur/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Client/ }).isChecked()).toBe(false);
    await close();
  });

  it('a newcomer on a phone chooses Customer by keyboard, answers the steps and reaches the dashboard', async () => {
    const { page, close } = await openAs(NEWCOMER, '/', { viewport: PHONE });
    // The guard sends an identity in no group to the user-type choice.
    await page.getByTestId('user-type-choice').waitFor({ timeout: 30_000 });
    expect(pathOf(page)).toBe('/onboarding');
    expect(await seriousViolations(page)).toEqual([]);
    const submit = page.getByTestId('user-type-submit');
    expect(await submit.isDisabled()).toBe(true);

    // Keyboard only: into the radio group, arrow to Customer, Enter submits the form.
    await page.getByRole('radio', { name: /Vendeur/ }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: /Client/ }).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    // A new record has never accepted the legal terms: the shell asks first.
    await page.getByRole('button', { name: 'J’accepte les conditions' }).click({ timeout: 30_000 });
    await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 30_000 });

    await page.getByTestId('customer-onboarding').waitFor({ timeout: 30_000 });
    expect(pathOf(page)).toBe('/onboarding/customer-onboarding');
    expect(await page.getByTestId('onboarding-progress').textContent()).toBe('Étape 1 sur 2');
    expect(await seriousViolations(page)).toEqual([]);

    // Next without answers: both required questions say so, nothing moves on.
    await page.getByTestId('onboarding-next').click();
    await expect.poll(() => page.getByText('Ce champ est obligatoire').count()).toBe(2);
    expect(await page.getByTestId('onboarding-progress').textContent()).toBe('Étape 1 sur 2');

    await page.getByRole('radio', { name: 'WhatsApp' }).check({ force: true });
    await page
      .getByLabel('Pour qui sont surtout les articles que vous confiez ?')
      .selectOption('CHILD_2_10');
    expect(await page.getByText('Ce champ est obligatoire').count()).toBe(0);
    await page.getByTestId('onboarding-next').click();
    await page.getByText('Étape 2 sur 2').waitFor({ timeout: 30_000 });

    // Back keeps the first step's answers, then on again.
    await page.getByTestId('onboarding-back').click();
    expect(await page.getByRole('radio', { name: 'WhatsApp' }).isChecked()).toBe(true);
    await page.getByTestId('onboarding-next').click();
    await page.getByText('Étape 2 sur 2').waitFor({ timeout: 30_000 });

    await page
      .getByRole('checkbox', { name: 'J’accepte d’envoyer mes articles par la poste' })
      .check({ force: true });
    await page
      .getByRole('checkbox', { name: 'J’accepte d’être contacté au sujet de mes dépôts' })
      .check({ force: true });
    await page.getByTestId('onboarding-next').click();

    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    const saved = await (await rpcAs(NEWCOMER))(CustomerService).retrieveByIdentity({});
    expect(saved).toMatchObject({
      email: NEWCOMER,
      preferedContactWay: ContactWay.WHATS_APP,
      ageRange: AgeRange.CHILD_2_10,
      acceptSendPostal: true,
      acceptToBeContacted: true,
      acceptHomeTakeAway: false,
      onboardingCompleted: true,
    });

    // Onboarded for good: a reload stays on the dashboard.
    // (The tab keeps its notices stream open, so the network is never idle: wait for the page.)
    await page.reload();
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    expect(pathOf(page)).toBe('/');
    await close();
  });
});

describe('edit-profile children', () => {
  it('a customer on /edit-profile gets their own information only', async () => {
    const { page, close } = await openAs('customer@seconde.test', '/edit-profile');
    await page.getByTestId('customer-info').waitFor({ timeout: 30_000 });
    expect(pathOf(page)).toBe('/edit-profile/customer');
    expect(await page.getByRole('navigation', { name: 'Sections de mon profil' }).count()).toBe(0);
    await close();
  });

  it('the connectors child shows the successfull_message parameter', async () => {
    const message = 'Boutique connectée avec succès';
    const { page, close } = await openAs(
      'vendor@seconde.test',
      `/edit-profile/connectors?successfull_message=${encodeURIComponent(message)}`,
    );
    const callout = page.getByTestId('connector-success');
    await callout.waitFor({ timeout: 30_000 });
    expect(await callout.textContent()).toContain(message);
    // Other files may connect vendor@'s channels: the cards are there either way.
    await page.getByTestId('connector-list').waitFor({ timeout: 30_000 });
    const tabs = page.getByRole('navigation', { name: 'Sections de mon profil' });
    expect(await tabs.getByRole('link', { name: 'Connecteurs' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });

  it('the company administrator finds their company in its form', async () => {
    const { page, close } = await openAs('company@seconde.test', '/edit-profile/company');
    await page.getByTestId('company-form').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('company-title').inputValue()).toContain('Friperie Solidaire');
    await close();
  });
});
