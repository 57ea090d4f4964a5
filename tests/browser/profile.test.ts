import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { VendorAvailability, VendorService } from '../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

/**
 * admin@ holds a vendor record no other browser test reads the availability of: the test makes it
 * unavailable, then available again, and the afterAll puts the shared demo state back whatever
 * happened in between.
 */
const ADMIN = 'admin@seconde.test';

async function adminVendor() {
  const admin = await rpcAs(ADMIN);
  const me = await admin(SessionService).getCurrentUser({});
  return { vendors: admin(VendorService), uuid: me.vendorUuid };
}

beforeAll(async () => {
  // The welcome meeting comes before availability among the refusals: make sure it is done.
  const { vendors, uuid } = await adminVendor();
  const vendor = await vendors.retrieve({ uuid });
  if (!vendor.marketplaceWelcomeMeetingDone)
    await vendors.partialUpdate({
      vendor: { uuid, rowVersion: vendor.rowVersion, marketplaceWelcomeMeetingDone: true },
      updateMask: { paths: ['marketplace_welcome_meeting_done'] },
    });
});

afterAll(async () => {
  const { vendors, uuid } = await adminVendor();
  const vendor = await vendors.retrieve({ uuid });
  if (vendor.receiveNewDepositStatus !== VendorAvailability.AVAILABLE)
    await vendors.partialUpdate({
      vendor: {
        uuid,
        rowVersion: vendor.rowVersion,
        receiveNewDepositStatus: VendorAvailability.AVAILABLE,
      },
      updateMask: { paths: ['receive_new_deposit_status'] },
    });
});

describe('edit-profile', () => {
  it('a vendor marks themselves unavailable, the marketplace says so, and back', async () => {
    const { page, close } = await openAs(ADMIN, '/edit-profile');
    const form = page.getByTestId('profile-form');
    await form.waitFor({ timeout: 30_000 });
    const available = page.getByRole('checkbox', { name: 'Disponible pour de nouveaux dépôts' });
    expect(await available.isChecked()).toBe(true);
    await available.setChecked(false, { force: true });
    await page.getByTestId('profile-save').click();
    await page.getByText('Profil enregistré').waitFor({ timeout: 30_000 });

    await page.goto(page.url().replace(/\/edit-profile$/, '/marketplace'));
    const reason = page.getByTestId('vendor-refusal').getByTestId('refusal');
    await reason.waitFor({ timeout: 30_000 });
    expect(await reason.getAttribute('data-refusal')).toBe('VENDOR_UNAVAILABLE');
    expect(await reason.textContent()).toMatch(/indisponible/);

    // The refusal's link leads back to the profile, where the vendor becomes available again.
    await reason.getByRole('link', { name: 'Me rendre disponible' }).click();
    await form.waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/edit-profile');
    await available.setChecked(true, { force: true });
    await page.getByTestId('profile-save').click();
    await page.getByText('Profil enregistré').waitFor({ timeout: 30_000 });

    await page.goto(page.url().replace(/\/edit-profile$/, '/marketplace'));
    await page.getByTestId('marketplace').waitFor({ timeout: 30_000 });
    await expect
      .poll(
        async () => {
          const shown = page.getByTestId('vendor-refusal').getByTestId('refusal');
          return (await shown.count()) ? shown.getAttribute('data-refusal') : 'none';
        },
        { timeout: 30_000 },
      )
      .not.toBe('VENDOR_UNAVAILABLE');
    await close();
  });

  it('says in French that the city is required, and saves nothing', async () => {
    const { page, close } = await openAs(ADMIN, '/edit-profile');
    const city = page.getByLabel(/^Ville/);
    await city.waitFor({ timeout: 30_000 });
    await city.fill('');
    await page.getByTestId('profile-save').click();
    await page.getByText('Ce champ est obligatoire.').waitFor({ timeout: 10_000 });
    expect(await city.getAttribute('aria-invalid')).toBe('true');
    await close();
  });

  it('shows the subscription read only, its period end as DD/MM/YYYY', async () => {
    const { page, close } = await openAs(ADMIN, '/edit-profile/subscription');
    const summary = page.getByTestId('subscription-summary');
    await summary.waitFor({ timeout: 30_000 });
    const text = (await summary.textContent()) ?? '';
    expect(text).toMatch(/Premium/);
    expect(text).toMatch(/Actif/);
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await close();
  });
});
