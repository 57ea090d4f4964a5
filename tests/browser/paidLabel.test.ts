import path from 'node:path';
import { sql } from 'kysely';
import { chromium } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { startServer } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { DeliveryPlaceService } from '../../src/rpc/gen/seconde/v1/delivery_place_pb.ts';
import { PaymentProcessService } from '../../src/rpc/gen/seconde/v1/payment_process_pb.ts';
import {
  ShippingLabelService,
  ShippingStatus,
} from '../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { submitLogin } from '../helpers/browserPage.ts';
import { demoToken, rpcClient } from '../helpers/demoClient.ts';

const VENDOR = 'vendor@seconde.test';
const T = { timeout: 30_000 };
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/**
 * A label beyond the plan's allowance, on a server of our own (local settings: the built-in
 * carrier and payment sandboxes, one free label a month) so the shared server's vendor@ keeps
 * their free labels.
 */
describe('a paid shipping label, as vendor@', () => {
  it('asks for payment once the free label is used, is paid on the provider’s page, shows on the item, and changes relay point', async () => {
    const server = await startServer({
      port: 0,
      host: '127.0.0.1',
      staticDir: path.resolve(process.env.BROWSER_TEST_DIST ?? 'dist'),
      seed: 'demo',
      demoProducts: 6,
      config: loadConfig({ PLAN_PRO_FREE_LABELS: '1' }),
    });
    const browser = await chromium.connect(inject('browserEndpoint'));
    try {
      const token = await demoToken(server, VENDOR);
      const rpc = <S extends Parameters<typeof rpcClient>[1]>(service: S) =>
        rpcClient(server.url, service, token);
      // Two of vendor@'s items sold by hand (selling is another area's test).
      const sold = (
        await sql<{ uuid: string }>`update product set sale_status = 'SELL'
          where uuid in (select p.uuid from product p join deposit d on d.uuid = p.deposit
            join vendor v on v.uuid = d.vendor where v.email = ${VENDOR}
            order by p.created_at limit 2)
          returning uuid`.execute(server.db)
      ).rows.map((r) => r.uuid);
      expect(sold).toHaveLength(2);
      const [first, item] = sold as [string, string];
      await rpc(DeliveryPlaceService).create({
        deliveryPlace: {
          deliveryService: 1,
          deliveryServiceId: '10001',
          deliveryPlaceName: 'Tabac Presse Rivoli',
          isActive: true,
          order: 1,
        },
      });
      // The month's free label goes to the first item.
      await rpc(ShippingLabelService).createFreeLabel({
        order: {
          shippedContentType: 'product',
          shippedObjectUuid: first,
          idempotencyKey: 'first-free',
          recipientServicePointId: '10002',
          recipientName: 'Camille Martin',
        },
      });

      const context = await browser.newContext({ locale: 'fr-FR' });
      const page = await context.newPage();
      await page.goto(`${server.url}/product/${item}`);
      await submitLogin(page, VENDOR);
      await page.getByTestId('product-page').waitFor(T);

      // The ship dialog says no free label is left and what this one costs.
      await page.getByRole('button', { name: 'Expédier' }).click(T);
      const dialog = page.getByRole('dialog', { name: 'Expédier l’article' });
      await dialog.getByTestId('ship-no-free-label').waitFor(T);
      expect(plain(await dialog.getByTestId('ship-no-free-label').textContent())).toContain(
        'cette étiquette coûte 4,50 €',
      );
      await dialog.getByLabel('Code postal de l’acheteur').fill('75001');
      await dialog.getByRole('button', { name: 'Chercher des points relais' }).click();
      await dialog.getByRole('radio', { name: /Librairie Saint-Honoré/ }).waitFor(T);
      await dialog.locator('label').filter({ hasText: 'Librairie Saint-Honoré' }).click();
      await dialog.getByLabel('Nom de l’acheteur').fill('Léa Dubois');
      // A heavier parcel costs its band's price; back to the lightest band for this one.
      const weight = dialog.getByLabel('Poids du colis, emballage compris');
      await weight.selectOption('5');
      expect(plain(await weight.locator('option:checked').textContent())).toBe(
        'Jusqu’à 5 kg (8,90 €)',
      );
      await dialog.getByRole('button', { name: 'Payer 8,90 € et créer l’étiquette' }).waitFor(T);
      expect(plain(await dialog.getByTestId('ship-no-free-label').textContent())).toContain(
        '8,90 €',
      );
      await weight.selectOption('1');
      expect(await seriousViolations(page)).toEqual([]);

      // Paying leaves for the provider's page; paid, it comes back to the payment screen.
      await dialog.getByRole('button', { name: 'Payer 4,50 € et créer l’étiquette' }).click();
      await page.waitForURL((url) => url.pathname.includes('/checkout/'), T);
      expect(plain(await page.getByTestId('checkout-amount').textContent())).toMatch(/4,50/);
      await page.getByRole('button', { name: /Payer/ }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/payments/'), T);
      await page.getByTestId('payment-confirmed').waitFor(T);
      expect(plain(await page.getByTestId('payment-description').textContent())).toContain(
        'Étiquette Mondial Relay',
      );
      expect(await seriousViolations(page)).toEqual([]);

      // Back on the item, its label shows: made at the carrier once the payment completed.
      await page.getByTestId('payment-back').click();
      await page.waitForURL((url) => url.pathname === `/product/${item}`, T);
      const panel = page.getByTestId('product-label');
      await panel.waitFor(T);
      const tracking = plain(await panel.getByTestId('product-label-tracking').textContent());
      expect(tracking).toMatch(/^MO\d{12}$/);
      expect(plain(await panel.getByTestId('product-label-status').textContent())).toContain(
        'Étiquette créée',
      );
      expect(plain(await panel.textContent())).toContain('Point relais n° 10002');
      const labels = await rpc(ShippingLabelService).list({});
      const label = labels.results.find((l) => l.shippedObjectUuid === item)!;
      expect(label.deliveryStatus).toBe(ShippingStatus.CREATED);
      const payments = await rpc(PaymentProcessService).list({ ownerObjectUuid: label.uuid });
      expect(payments.results.map((p) => p.amountCents)).toEqual([450n]);

      // "Changer de point relais": the same label, another point, nothing paid again.
      await panel.getByRole('button', { name: 'Changer de point relais' }).click();
      const change = page.getByRole('dialog', { name: 'Changer le point relais' });
      await change.getByLabel('Code postal de l’acheteur').fill('75011');
      await change.getByRole('button', { name: 'Chercher des points relais' }).click();
      await change.getByRole('radio', { name: /Bazar Voltaire/ }).waitFor(T);
      await change.locator('label').filter({ hasText: 'Bazar Voltaire' }).click();
      expect(await seriousViolations(page)).toEqual([]);
      await change.getByRole('button', { name: 'Créer la nouvelle étiquette' }).click();
      await change.waitFor({ state: 'hidden', ...T });
      await expect
        .poll(async () => plain(await panel.textContent()), T)
        .toContain('Point relais n° 10005');
      expect(plain(await panel.getByTestId('product-label-tracking').textContent())).not.toBe(
        tracking,
      );
      expect((await rpc(PaymentProcessService).list({ ownerObjectUuid: label.uuid })).count).toBe(
        1,
      );
      await context.close();
    } finally {
      await browser.close();
      await server.close();
    }
  }, 300_000);
});
