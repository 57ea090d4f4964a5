import path from 'node:path';
import { sql } from 'kysely';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { demoToken, rpcClient } from '../helpers/demoClient.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { submitLogin } from '../helpers/browserPage.ts';

/**
 * Subscribing through the payment provider, on a server of our own (local settings: the built-in
 * sandbox answers the provider's API, serves its checkout and portal pages and sends signed
 * webhooks), so the shared server's trial@ stays on trial for the other files.
 */
describe('subscribing through the payment sandbox', () => {
  let server: RunningServer;
  let browser: Browser;
  const DEPOSIT_NAME = `Abonnement ${Date.now()}`;

  beforeAll(async () => {
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      staticDir: path.resolve(process.env.BROWSER_TEST_DIST ?? 'dist'),
      seed: 'demo',
      demoProducts: 0,
      config: loadConfig({}),
    });
    browser = await chromium.connect(inject('browserEndpoint'));
    const admin = await demoToken(server, 'admin@seconde.test');
    await rpcClient(server.url, DepositService, admin).create({
      deposit: {
        name: DEPOSIT_NAME,
        status: DepositStatus.WAITING_FOR_VENDOR,
        customerPostalCode: '33000',
        family: ProductFamily.MIXED,
        customerAcceptSendPostal: true,
        isCreatedByPublicForm: true,
      },
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signIn(
    email: string,
    to: string,
  ): Promise<{ page: Page; close(): Promise<void> }> {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${server.url}${to}`);
    await submitLogin(page, email);
    await page.waitForURL((url) => !url.pathname.startsWith('/oidc'), { timeout: 30_000 });
    return { page, close: () => context.close() };
  }

  const statusOf = async (email: string) => {
    const { rows } = await sql<{ status: string; type: string; at: Date | null }>`
      select s.status::text as status, s.type::text as type, s.provider_event_at as at
      from vendor v join subscription s on s.uuid = v.subscription where v.email = ${email}`.execute(
      server.db,
    );
    return rows[0];
  };

  it('trial@ subscribes to PRO through checkout, ends the trial, and may take deposits', async () => {
    const { page, close } = await signIn('trial@seconde.test', '/edit-profile/plans');
    const pro = page.getByTestId('plan-PRO');
    await pro.waitFor({ timeout: 30_000 });
    expect(await pro.textContent()).toContain('49,00');
    await pro.getByRole('button', { name: 'S’abonner à Pro (Mensuel)' }).click();

    // The provider's hosted checkout page (the sandbox's, served by this server).
    await page.waitForURL(/\/_sandbox\/stripe\/checkout\/cs_test_/, { timeout: 30_000 });
    expect(await page.getByTestId('checkout-amount').textContent()).toContain('49,00 EUR');
    await page.getByRole('button', { name: 'S’abonner' }).click();

    // Back on our page, which waits for the signed webhook before showing the plan.
    await page.waitForURL(/\/subscription-confirmed\?session_id=cs_test_/, { timeout: 30_000 });
    const confirmed = page.getByTestId('subscription-confirmed');
    await confirmed.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('confirmed-plan').textContent()).toContain('Pro');
    expect(await statusOf('trial@seconde.test')).toMatchObject({ status: 'TRIALING', type: 'PRO' });
    expect((await statusOf('trial@seconde.test'))?.at).toBeInstanceOf(Date);

    // Still the provider's trial: marketplace deposits wait for the paid plan (refusal 4).
    await page.goto(`${server.url}/marketplace`);
    const refusal = page.getByTestId('vendor-refusal').getByTestId('refusal');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.getAttribute('data-refusal')).toBe('TRIAL_PERIOD');

    // Ending the trial ends it at the provider; its webhook makes the plan active.
    await page.goto(`${server.url}/edit-profile/subscription`);
    const callout = page.getByTestId('trial-callout');
    await callout.waitFor({ timeout: 30_000 });
    await callout.getByRole('button', { name: 'Terminer l’essai maintenant' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Terminer l’essai', exact: true }).click();
    await expect
      .poll(async () => (await statusOf('trial@seconde.test'))?.status, { timeout: 30_000 })
      .toBe('ACTIVE');

    await page.goto(`${server.url}/marketplace`);
    const card = page.getByTestId('available-deposit').filter({ hasText: DEPOSIT_NAME });
    await card.waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('vendor-refusal').count()).toBe(0);
    expect(await card.getByTestId('take-deposit').isDisabled()).toBe(false);
    await close();
  });

  it('trial@ cancels at period end in the billing portal and sees refusal 5', async () => {
    const { page, close } = await signIn('trial@seconde.test', '/edit-profile/plans');
    await page.getByRole('button', { name: 'Gérer ma facturation' }).click();
    await page.waitForURL(/\/_sandbox\/stripe\/portal\/bps_/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Annuler l’abonnement' }).click();
    await page.getByRole('button', { name: 'Renouveler l’abonnement' }).waitFor();
    await expect
      .poll(
        async () =>
          (
            await sql<{ c: boolean }>`select s.cancel_at_period_end as c from vendor v
              join subscription s on s.uuid = v.subscription
              where v.email = 'trial@seconde.test'`.execute(server.db)
          ).rows[0]?.c,
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.getByRole('link', { name: 'Retour à Seconde' }).click();
    await page.waitForURL(/\/edit-profile\/subscription$/);
    await page.goto(`${server.url}/marketplace`);
    const refusal = page.getByTestId('vendor-refusal').getByTestId('refusal');
    await refusal.waitFor({ timeout: 30_000 });
    expect(await refusal.getAttribute('data-refusal')).toBe('SUBSCRIPTION_CANCELLED_AT_PERIOD_END');
    await close();
  });

  const refusalOf = async (page: Page) => {
    await page.goto(`${server.url}/marketplace`);
    await page
      .getByTestId('available-deposit')
      .filter({ hasText: DEPOSIT_NAME })
      .or(page.getByTestId('vendor-refusal'))
      .first()
      .waitFor({ timeout: 30_000 });
    const refusal = page.getByTestId('vendor-refusal').getByTestId('refusal');
    return (await refusal.count()) ? refusal.getAttribute('data-refusal') : null;
  };

  it('company@, whose plan has expired, pays again in the billing portal and may take deposits', async () => {
    const { page, close } = await signIn('company@seconde.test', '/marketplace');
    expect(await refusalOf(page)).toBe('NO_PAID_SUBSCRIPTION');
    // Creating a deposit needs a plan: the server's gate refuses it.
    const token = await demoToken(server, 'company@seconde.test');
    const deposits = rpcClient(server.url, DepositService, token);
    const draft = { deposit: { name: `Société ${Date.now()}`, family: ProductFamily.MIXED } };
    await expect(deposits.create(draft)).rejects.toThrow(/SUBSCRIPTION_UPDATE_NEEDED/);

    await page.goto(`${server.url}/edit-profile/plans`);
    await page.getByRole('button', { name: 'Gérer ma facturation' }).click();
    await page.waitForURL(/\/_sandbox\/stripe\/portal\/bps_/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'S’abonner à Essential (mensuel)' }).click();
    await page.getByTestId('portal-subscription').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('portal-subscription').textContent()).toContain('active');
    await expect
      .poll(async () => await statusOf('company@seconde.test'), { timeout: 30_000 })
      .toMatchObject({ status: 'ACTIVE', type: 'ESSENTIAL' });

    await page.getByRole('link', { name: 'Retour à Seconde' }).click();
    await page.waitForURL(/\/edit-profile\/subscription$/);
    expect(await refusalOf(page)).toBeNull();
    expect((await deposits.create(draft)).name).toBe(draft.deposit.name);
    await close();
  });

  it('once the period of the plan trial@ cancelled has ended, the plan ends and refusal 5 stays', async () => {
    const { page, close } = await signIn('trial@seconde.test', '/marketplace');
    expect(await refusalOf(page)).toBe('SUBSCRIPTION_CANCELLED_AT_PERIOD_END');
    expect((await statusOf('trial@seconde.test'))?.status).toBe('ACTIVE');

    // The sandbox's test clock, as Stripe's: a month and a bit later the period is over.
    await page.goto(`${server.url}/_sandbox/stripe/test-clock`);
    const before = await page.getByTestId('test-clock-now').textContent();
    await page.getByRole('button', { name: 'Avancer le temps' }).click();
    await expect
      .poll(() => page.getByTestId('test-clock-now').textContent(), { timeout: 30_000 })
      .not.toBe(before);
    await expect
      .poll(async () => (await statusOf('trial@seconde.test'))?.status, { timeout: 30_000 })
      .toBe('CANCELED');
    // company@'s running plan renewed and was paid at the same time.
    expect((await statusOf('company@seconde.test'))?.status).toBe('ACTIVE');

    expect(await refusalOf(page)).toBe('SUBSCRIPTION_CANCELLED_AT_PERIOD_END');
    expect(await page.getByTestId('vendor-refusal').textContent()).toContain(
      'Votre abonnement est résilié à la fin de la période en cours.',
    );
    await close();
  });

  it('refuses the product one too many for the plan with a clear message', async () => {
    const token = await demoToken(server, 'vendor@seconde.test');
    const deposit = await rpcClient(server.url, DepositService, token).create({
      deposit: {
        name: `Limite ${Date.now()}`,
        status: DepositStatus.RECEIVED,
        family: ProductFamily.WOMAN,
      },
    });
    const product = await rpcClient(server.url, ProductService, token).create({
      product: { deposit: deposit.uuid, name: 'Pull limite', saleStatus: SaleStatus.OFFLINE },
    });
    const vendor = (
      await sql<{
        uuid: string;
      }>`select uuid from vendor where email = 'vendor@seconde.test'`.execute(server.db)
    ).rows[0]!.uuid;
    const held = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from product p
          join deposit d on d.uuid = p.deposit where d.vendor = ${vendor}
          and p.sale_status::text in ('OFFLINE', 'READY', 'ONLINE', 'RESERVED')`.execute(server.db)
      ).rows[0]!.n;
    // A negotiated limit of exactly what vendor@ holds now.
    const count = await held();
    await sql`update vendor set subscription_product_limit = ${count} where uuid = ${vendor}`.execute(
      server.db,
    );
    const { page, close } = await signIn('vendor@seconde.test', `/product/${product.uuid}`);
    try {
      await page.getByTestId('product-page').waitFor({ timeout: 30_000 });
      await page.getByTestId('duplicate').click();
      await page.getByTestId('duplicate-confirm').click();
      const refusal = page.getByTestId('product-refusal');
      await refusal.waitFor({ timeout: 30_000 });
      expect(await refusal.textContent()).toContain(
        'Votre formule a atteint son nombre maximum de produits en stock',
      );
      expect(await seriousViolations(page)).toEqual([]);
      expect(await held()).toBe(count);
      // One more allowed: the same duplicate goes through.
      await sql`update vendor set subscription_product_limit = ${count + 1}
        where uuid = ${vendor}`.execute(server.db);
      await refusal.getByRole('button', { name: 'Fermer' }).click();
      await page.getByTestId('duplicate').click();
      await page.getByTestId('duplicate-confirm').click();
      await expect.poll(held, { timeout: 30_000 }).toBe(count + 1);
    } finally {
      await sql`update vendor set subscription_product_limit = null where uuid = ${vendor}`.execute(
        server.db,
      );
      await close();
    }
  });

  it('staff open a chosen vendor’s billing portal from the staff vendor screen', async () => {
    const vendor = (
      await sql<{
        uuid: string;
      }>`select uuid from vendor where email = 'company@seconde.test'`.execute(server.db)
    ).rows[0]!.uuid;
    const { page, close } = await signIn('admin@seconde.test', `/vendor/${vendor}`);
    const open = page.getByRole('button', { name: 'Ouvrir son portail de facturation' });
    await open.waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await open.click();
    await page.waitForURL(/\/_sandbox\/stripe\/portal\/bps_/, { timeout: 30_000 });
    // The vendor's own plan (company@ pays Essential since the test above), not the admin's.
    expect(await page.getByTestId('portal-subscription').textContent()).toContain('Essential');
    await close();
  });

  it('company@ moves up to Pro, seeing the prorated amount before confirming', async () => {
    const { page, close } = await signIn('company@seconde.test', '/edit-profile/plans');
    const pro = page.getByTestId('plan-PRO');
    await pro.waitFor({ timeout: 30_000 });
    await pro.getByRole('button', { name: 'S’abonner à Pro (Mensuel)' }).click();
    const amount = page.getByTestId('plan-change-amount');
    await amount.waitFor({ timeout: 30_000 });
    // Less than a whole month of the difference (20,00 €): the rest of the period, prorated.
    const text = (await amount.textContent()) ?? '';
    expect(text).toMatch(/Passer à Pro maintenant : \d+,\d{2}\s€ à payer aujourd’hui/);
    const euros = Number(/(\d+,\d{2})/.exec(text)![1]!.replace(',', '.'));
    expect(euros).toBeGreaterThan(0);
    expect(euros).toBeLessThanOrEqual(20);
    expect(await seriousViolations(page)).toEqual([]);
    expect((await statusOf('company@seconde.test'))?.type).toBe('ESSENTIAL');
    await page.getByRole('button', { name: 'Confirmer le changement' }).click();
    await page.getByTestId('plan-changed').waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => (await statusOf('company@seconde.test'))?.type, { timeout: 30_000 })
      .toBe('PRO');
    await close();
  });
});
