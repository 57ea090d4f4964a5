import { beforeAll, describe, expect, it } from 'vitest';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { appUrl, openAs, rpcAs } from '../helpers/browserPage.ts';

/** A deposit of our own, open to vendors in Paris, so shared demo rows stay untouched. */
const DEPOSIT_NAME = `Navigateur ${Date.now()}`;

beforeAll(async () => {
  const admin = await rpcAs('admin@seconde.test');
  await admin(DepositService).create({
    deposit: {
      name: DEPOSIT_NAME,
      status: DepositStatus.WAITING_FOR_VENDOR,
      customerPostalCode: '75018',
      family: ProductFamily.MIXED,
      customerAcceptSendPostal: true,
      isCreatedByPublicForm: true,
      description: 'Manteaux et robes',
    },
  });
  // admin@ also holds a vendor record with an active plan; the welcome meeting is what it lacks.
  const me = await admin(SessionService).getCurrentUser({});
  const vendor = await admin(VendorService).retrieve({ uuid: me.vendorUuid });
  await admin(VendorService).partialUpdate({
    vendor: {
      uuid: vendor.uuid,
      rowVersion: vendor.rowVersion,
      marketplaceWelcomeMeetingDone: true,
    },
    updateMask: { paths: ['marketplace_welcome_meeting_done'] },
  });
});

describe('marketplace', () => {
  it.each([
    ['trial@seconde.test', 'TRIAL_PERIOD', /période d’essai/, /S’abonner/],
    ['company@seconde.test', 'NO_PAID_SUBSCRIPTION', /abonnement payant/, /S’abonner/],
  ])('%s sees why they cannot take deposits before trying', async (email, refusal, text, fix) => {
    const { page, close } = await openAs(email, '/marketplace');
    const callout = page.getByTestId('vendor-refusal');
    await callout.waitFor({ timeout: 30_000 });
    const reason = callout.getByTestId('refusal');
    expect(await reason.getAttribute('data-refusal')).toBe(refusal);
    expect(await reason.textContent()).toMatch(text);
    expect(await callout.getByRole('link').textContent()).toMatch(fix);
    const card = page.getByTestId('available-deposit').filter({ hasText: DEPOSIT_NAME });
    await card.waitFor();
    expect(await card.getByTestId('refusal').getAttribute('data-refusal')).toBe(refusal);
    expect(await card.getByTestId('take-deposit').isDisabled()).toBe(true);
    expect(await card.getByTestId('take-deposit').getAttribute('aria-describedby')).toBeTruthy();
    await close();
  });

  it('speaks English too', async () => {
    const { page, close } = await openAs('trial@seconde.test', '/deposits-available', {
      locale: 'en-US',
    });
    await page.getByRole('button', { name: 'English' }).click();
    const reason = page.getByTestId('vendor-refusal').getByTestId('refusal');
    await expect.poll(() => reason.textContent(), { timeout: 30_000 }).toMatch(/trial period/);
    expect(new URL(page.url()).pathname).toBe('/marketplace');
    await close();
  });
});

describe('taking a deposit, then validating and assigning it', () => {
  it('admin@ takes it on the marketplace, sees the 48-hour clock and assigns it', async () => {
    const { page, close } = await openAs('admin@seconde.test', '/marketplace');
    const card = page.getByTestId('available-deposit').filter({ hasText: DEPOSIT_NAME });
    await card.waitFor({ timeout: 30_000 });
    await card.getByTestId('take-deposit').click();
    await card.getByTestId('already-requested').waitFor();
    await page.getByText(/Demande envoyée pour/).waitFor();

    await page.getByRole('link', { name: 'Demandes de dépôt' }).click();
    const request = page.getByTestId('deposit-request').filter({ hasText: DEPOSIT_NAME });
    await request.waitFor({ timeout: 30_000 });
    const deadline = request.getByTestId('deadline');
    expect(await deadline.getAttribute('data-overdue')).toBe('false');
    expect(await deadline.textContent()).toMatch(/Reste 4[78] h \d+ min/);
    const candidate = request.getByTestId('candidate').filter({ hasText: 'Adèle' });
    await candidate.getByTestId('assign').click();
    await page.getByText(/attribué à Adèle/).waitFor();
    await expect.poll(() => request.count()).toBe(0);

    // The assignment mail is in the outbox, newest first, its body one click away.
    await page.getByRole('link', { name: 'Courriels envoyés' }).click();
    const mail = page.getByTestId('mail-row').filter({ hasText: DEPOSIT_NAME });
    await mail.waitFor({ timeout: 30_000 });
    expect(await mail.textContent()).toMatch(/Dépôt attribué/);
    await mail.getByRole('button').click();
    const body = page.getByTestId('mail-body');
    await body.waitFor();
    expect(await body.textContent()).toContain(DEPOSIT_NAME);
    await page.keyboard.press('Escape');
    await expect.poll(() => body.count()).toBe(0);
    await close();
  });

  it('a vendor is sent from the requests screen and the outbox to the dashboard', async () => {
    const { page, close } = await openAs('vendor@seconde.test', '/deposit-requests');
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(`${appUrl}/outbox`);
    await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    await close();
  });
});
