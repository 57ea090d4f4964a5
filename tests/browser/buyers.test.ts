import { create } from '@bufbuild/protobuf';
import { beforeAll, describe, expect, it } from 'vitest';
import { BuyerService } from '../../src/rpc/gen/seconde/v1/buyer_pb.ts';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductBuyerService } from '../../src/rpc/gen/seconde/v1/product_buyer_pb.ts';
import {
  ProductService,
  SalePlatform,
  SaleStatus,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { appUrl, openAs, rpcAs } from '../helpers/browserPage.ts';
import type { DemoRpc } from '../helpers/demoClient.ts';
import { walkDepositTo } from '../helpers/ownDeposit.ts';

const VENDOR = 'vendor@seconde.test';
const T = { timeout: 30_000 };
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

let vendor: DemoRpc;
let product = '';
let tag = '';

/** A sold item of vendor@'s own, in a deposit of its own: nothing of the demo changes. */
beforeAll(async () => {
  vendor = await rpcAs(VENDOR);
  const admin = await rpcAs('admin@seconde.test');
  const vendorUuid = (await vendor(SessionService).getCurrentUser({})).vendorUuid;
  tag = (Date.now() % 1_000_000).toString(36);
  const customer = await vendor(CustomerService).create({
    customer: {
      firstName: 'Vente',
      lastName: `Acheteur${tag}`,
      email: `acheteur${tag}@exemple.fr`,
      vendors: [vendorUuid],
    },
  });
  const received = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Acheteurs ${tag}`,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
      customer: customer.uuid,
    }),
  });
  const deposit = (await walkDepositTo(admin, received, DepositStatus.INLINE)).uuid;
  const item = await vendor(ProductService).create({
    product: { deposit, name: `Robe ${tag}`, suggestedPrice: 30, saleStatus: SaleStatus.ONLINE },
  });
  product = item.uuid;
  await vendor(ProductService).partialUpdate({
    product: { uuid: item.uuid, rowVersion: item.rowVersion, saleStatus: SaleStatus.SELL },
    updateMask: { paths: ['sale_status'] },
  });
}, 60_000);

describe('buyers, as vendor@', () => {
  it('creates a buyer from a pasted Vinted order, seeing what was understood, and links it to a sale', async () => {
    const login = `lea_${tag}`;
    const text = [
      `Commande n° 48${Date.now() % 100000000}`,
      `Acheteur : ${login}`,
      'Adresse de livraison',
      `Léa Moreau${tag.replace(/\d/g, '')}`,
      '27 rue Oberkampf',
      'Bâtiment B',
      '75011 Paris',
      'France',
    ].join('\n');
    const { page, close } = await openAs(VENDOR, '/buyers');
    try {
      await page.getByTestId('buyers-page').waitFor(T);
      await page.getByRole('heading', { name: 'Acheteurs', level: 1 }).waitFor(T);
      expect(await seriousViolations(page)).toEqual([]);

      // 1. Garbage is refused with a clear text; nothing is understood.
      await page.getByTestId('buyers-paste').click();
      const dialog = page.getByRole('dialog', { name: 'Acheteur depuis une plateforme' });
      await dialog.getByLabel('Texte copié depuis la commande').fill('Bonjour, toujours dispo ?');
      await dialog.getByTestId('buyer-paste-read').click();
      await dialog.getByTestId('buyer-paste-refused').waitFor(T);
      expect(plain(await dialog.getByTestId('buyer-paste-refused').textContent())).toContain(
        'Aucun acheteur n’a pu être lu dans ce texte',
      );

      // 2. The order block: what was understood is shown before anything is saved.
      await dialog.getByLabel('Texte copié depuis la commande').fill(text);
      await dialog.getByTestId('buyer-paste-read').click();
      const understood = dialog.getByTestId('buyer-understood');
      await understood.waitFor(T);
      expect(await dialog.getByTestId('buyer-understood-address').textContent()).toBe(
        '27 rue Oberkampf',
      );
      expect(await dialog.getByTestId('buyer-understood-addressComplement').textContent()).toBe(
        'Bâtiment B',
      );
      expect(await dialog.getByTestId('buyer-understood-postalCode').textContent()).toBe('75011');
      expect(await dialog.getByTestId('buyer-understood-city').textContent()).toBe('Paris');
      expect(await dialog.getByTestId('buyer-understood-countryName').textContent()).toBe('France');
      expect(await dialog.getByTestId('buyer-understood-marketplaceAccountId').textContent()).toBe(
        login,
      );
      expect(await seriousViolations(page)).toEqual([]);
      const found = await vendor(BuyerService).list({ search: login });
      expect(found.results.filter((b) => b.marketplaceAccountId === login)).toEqual([]);

      // 3. Confirmed: saved, listed.
      await dialog.getByTestId('buyer-paste-confirm').click();
      await page.getByTestId('buyer-saved').waitFor(T);
      await dialog.waitFor({ state: 'hidden', ...T });
      const row = page.getByTestId('buyer-row').filter({ hasText: login });
      await row.waitFor(T);
      expect(plain(await row.textContent())).toContain('75011 Paris France');
      const buyer = (await vendor(BuyerService).list({})).results.find(
        (b) => b.marketplaceAccountId === login,
      );
      expect(buyer?.address).toBe('27 rue Oberkampf');

      // 4. On the sold item's page, the buyer is linked to the sale, sold on Vinted.
      await page.goto(`${appUrl}/product/${product}`);
      const section = page.getByTestId('sale-buyer');
      await section.waitFor(T);
      await section.getByTestId('sale-buyer-none').waitFor(T);
      await section.getByLabel('Acheteur', { exact: true }).selectOption(buyer!.uuid);
      await section
        .getByLabel('Vendu sur', { exact: true })
        .selectOption(String(SalePlatform.MAIN_MARKETPLACE));
      expect(await seriousViolations(page)).toEqual([]);
      await section.getByTestId('sale-buyer-submit').click();
      const link = section.getByTestId('sale-buyer-link');
      await link.waitFor(T);
      expect(plain(await link.textContent())).toContain(buyer!.firstName);
      const sales = await vendor(ProductBuyerService).list({ product });
      expect(
        sales.results.some(
          (s) =>
            s.product === product &&
            s.buyer === buyer!.uuid &&
            s.buyOn === SalePlatform.MAIN_MARKETPLACE,
        ),
      ).toBe(true);
    } finally {
      await close();
    }
  }, 180_000);
});
