import { describe, expect, it } from 'vitest';
import { DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openPage, rpcAs, submitLogin } from '../helpers/browserPage.ts';
import { depositWalkedTo } from '../helpers/depositWalk.ts';
import type { TestServer } from '../helpers/testServer.ts';

const WAIT = { timeout: 30_000 };

describe('live notices', () => {
  it('customer@ sees, in the open tab, that an item of theirs has just sold', async () => {
    const admin = await rpcAs('admin@seconde.test');
    const vendor = await rpcAs('vendor@seconde.test');
    const customer = await rpcAs('customer@seconde.test');
    const { customerUuid } = await customer(SessionService).getCurrentUser({});
    const { vendorUuid } = await vendor(SessionService).getCurrentUser({});
    // The deposit helper speaks as admin@, here through the shared server.
    const deposit = await depositWalkedTo(
      { client: (service: never) => admin(service) } as unknown as TestServer,
      DepositStatus.INLINE,
      { name: `Dépôt en direct ${Date.now()}`, vendor: vendorUuid, customer: customerUuid },
    );
    const name = `Blouson en direct ${Date.now()}`;
    const item = await admin(ProductService).create({
      product: { deposit: deposit.uuid, name, suggestedPrice: 48, saleStatus: SaleStatus.ONLINE },
    });

    const { page, close } = await openPage('/dressing', { bypassCSP: true });
    try {
      const streamOpened = page.waitForResponse(
        (r) => r.url().endsWith('/seconde.v1.NotificationService/Stream'),
        WAIT,
      );
      await submitLogin(page, 'customer@seconde.test');
      // The tab's stream is open (its first message says where the user stands)...
      await streamOpened;
      // ...when vendor@ records the sale.
      await vendor(ProductService).partialUpdate({
        product: { uuid: item.uuid, rowVersion: item.rowVersion, saleStatus: SaleStatus.SELL },
        updateMask: { paths: ['sale_status'] },
      });
      const toast = page.locator('.bp6-toast', { hasText: name });
      await toast.waitFor(WAIT);
      const text = (await toast.textContent()) ?? '';
      expect(text).toContain('Article vendu');
      expect(text).toMatch(/est vendu : votre part est de \d+,\d{2}\s€/);
      // Blueprint draws the toast's action as an anchor acting as a button.
      expect(await toast.getByRole('button', { name: 'Voir' }).getAttribute('href')).toBe(
        '/dressing',
      );
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);
});
