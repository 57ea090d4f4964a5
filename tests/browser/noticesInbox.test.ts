import { describe, expect, it } from 'vitest';
import { DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openPage, rpcAs, submitLogin } from '../helpers/browserPage.ts';
import { depositWalkedTo } from '../helpers/depositWalk.ts';
import type { TestServer } from '../helpers/testServer.ts';

const WAIT = { timeout: 30_000 };

describe('notices panel', () => {
  it('customer@ finds, in a tab opened afterwards, the notice of a sale made while no tab was open: unread, then read', async () => {
    const admin = await rpcAs('admin@seconde.test');
    const vendor = await rpcAs('vendor@seconde.test');
    const customer = await rpcAs('customer@seconde.test');
    const { customerUuid } = await customer(SessionService).getCurrentUser({});
    const { vendorUuid } = await vendor(SessionService).getCurrentUser({});
    const deposit = await depositWalkedTo(
      { client: (service: never) => admin(service) } as unknown as TestServer,
      DepositStatus.INLINE,
      { name: `Dépôt avis ${Date.now()}`, vendor: vendorUuid, customer: customerUuid },
    );
    const name = `Gilet hors ligne ${Date.now()}`;
    const item = await admin(ProductService).create({
      product: { deposit: deposit.uuid, name, suggestedPrice: 36, saleStatus: SaleStatus.ONLINE },
    });
    // Sold while customer@ has no tab open.
    await vendor(ProductService).partialUpdate({
      product: { uuid: item.uuid, rowVersion: item.rowVersion, saleStatus: SaleStatus.SELL },
      updateMask: { paths: ['sale_status'] },
    });

    const { page, close } = await openPage('/dressing', { bypassCSP: true });
    try {
      await submitLogin(page, 'customer@seconde.test');
      const button = page.getByTestId('topbar-notices');
      await button.waitFor(WAIT);
      await page.getByTestId('notices-count').waitFor(WAIT);
      expect(await button.getAttribute('aria-label')).toMatch(/^Avis, [1-9]\d* non lus$/);
      await button.click();
      const panel = page.getByTestId('notices-panel');
      const row = panel.getByTestId('notice-row').filter({ hasText: name });
      await row.waitFor(WAIT);
      expect(await row.getAttribute('data-unread')).toBe('true');
      const text = (await row.textContent()) ?? '';
      expect(text).toContain('Article vendu');
      expect(text).toContain('Non lu');
      expect(text).toMatch(/est vendu : votre part est de \d+,\d{2}\s€/);
      expect(await seriousViolations(page)).toEqual([]);

      await panel.getByRole('button', { name: 'Tout marquer comme lu' }).click();
      await page
        .locator('[data-testid="notice-row"][data-unread="false"]', { hasText: name })
        .waitFor(WAIT);
      await page.getByTestId('notices-count').waitFor({ state: 'detached', ...WAIT });
      expect(await button.getAttribute('aria-label')).toBe('Avis, 0 non lus');
      // The button closes the panel; the read state is the server's, so a reopened list agrees.
      await button.click();
      await panel.waitFor({ state: 'detached', ...WAIT });
      await button.click();
      await page
        .locator('[data-testid="notice-row"][data-unread="false"]', { hasText: name })
        .waitFor(WAIT);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
