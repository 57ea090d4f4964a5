import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { DeliveryPlaceService } from '../../src/rpc/gen/seconde/v1/delivery_place_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { ShippingLabelService } from '../../src/rpc/gen/seconde/v1/shipping_label_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';
import type { DemoRpc } from '../helpers/demoClient.ts';
import { walkDepositTo } from '../helpers/ownDeposit.ts';

const VENDOR = 'vendor@seconde.test';
const T = { timeout: 30_000 };
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

let vendor: DemoRpc;
let tag = '';
let workDir = '';
const tracking: string[] = [];

/** Three sold items of vendor@'s own, two with a free label: nothing of the demo changes. */
beforeAll(async () => {
  vendor = await rpcAs(VENDOR);
  const admin = await rpcAs('admin@seconde.test');
  const vendorUuid = (await vendor(SessionService).getCurrentUser({})).vendorUuid;
  tag = `lot${(Date.now() % 1_000_000).toString(36)}`;
  const places = await vendor(DeliveryPlaceService).list({});
  if (!places.results.some((p) => p.isActive))
    await vendor(DeliveryPlaceService).create({
      deliveryPlace: {
        deliveryService: 1,
        deliveryServiceId: '10001',
        deliveryPlaceName: 'Tabac Presse Rivoli',
        isActive: true,
        order: 1,
      },
    });
  const customer = await vendor(CustomerService).create({
    customer: {
      firstName: 'Lot',
      lastName: tag,
      email: `${tag}@exemple.fr`,
      vendors: [vendorUuid],
    },
  });
  const received = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name: `Étiquettes ${tag}`,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
      customer: customer.uuid,
    }),
  });
  const deposit = (await walkDepositTo(admin, received, DepositStatus.INLINE)).uuid;
  for (const [i, name] of ['Jupe', 'Gilet', 'Foulard'].entries()) {
    const item = await vendor(ProductService).create({
      product: {
        deposit,
        name: `${name} ${tag}`,
        suggestedPrice: 30,
        saleStatus: SaleStatus.ONLINE,
      },
    });
    await vendor(ProductService).partialUpdate({
      product: { uuid: item.uuid, rowVersion: item.rowVersion, saleStatus: SaleStatus.SELL },
      updateMask: { paths: ['sale_status'] },
    });
    if (i === 2) continue;
    const label = await vendor(ShippingLabelService).createFreeLabel({
      order: {
        shippedContentType: 'product',
        shippedObjectUuid: item.uuid,
        idempotencyKey: `${tag}-${i}`,
        recipientServicePointId: '10002',
        recipientName: 'Camille Martin',
      },
    });
    tracking.push(label.trackingNumber);
  }
  workDir = await mkdtemp(path.join(tmpdir(), 'seconde-batch-'));
}, 90_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('printing a batch of labels, as vendor@', () => {
  it('selects sold items in the stock list, follows the task in the panel and gets one PDF', async () => {
    const { page, close } = await openAs(VENDOR, `/stock?q=${tag}`);
    try {
      await page.getByTestId('stock-row').first().waitFor(T);
      await page.getByTestId('stock-select-all').click();
      await page.getByRole('button', { name: 'Imprimer les étiquettes' }).click();
      const dialog = page.getByRole('dialog', { name: /Imprimer les étiquettes de 3 article/ });
      await dialog.waitFor(T);
      await dialog.getByText('A4, quatre étiquettes par page').click();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Préparer le PDF' }).click();

      // The item without a label is told at once; the task shows in the panel.
      const skipped = dialog.getByTestId('label-batch-skipped');
      await skipped.waitFor(T);
      expect(plain(await skipped.textContent())).toMatch(
        new RegExp(`^\\S+ – Foulard ${tag} : pas encore d’étiquette$`),
      );
      const task = page
        .getByTestId('task-item')
        .filter({ hasText: 'Étiquettes d’expédition' })
        .first();
      await task.waitFor(T);
      await page
        .getByTestId('task-item')
        .filter({ hasText: 'Étiquettes d’expédition' })
        .and(page.locator('[data-status="completed"]'))
        .first()
        .waitFor(T);
      await dialog.getByTestId('label-batch-ready').waitFor(T);
      expect(await seriousViolations(page)).toEqual([]);

      const [download] = await Promise.all([
        page.waitForEvent('download', T),
        dialog.getByRole('button', { name: 'Télécharger le PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^etiquettes-\d{4}-\d{2}-\d{2}\.pdf$/);
      const file = path.join(workDir, 'labels.pdf');
      await download.saveAs(file);
      await dialog.getByTestId('label-batch-printed').waitFor(T);
      expect(plain(await dialog.getByTestId('label-batch-printed').textContent())).toBe(
        '2 étiquette(s) dans le PDF.',
      );
      const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
      expect(info).toMatch(/Pages:\s+1\n/);
      expect(info).toMatch(/Page size:\s+595\.28 x 841\.89/);
      const text = plain(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
      for (const number of tracking) expect(text).toContain(number);

      // Once the dialog is closed, the finished task in the panel downloads the same PDF again.
      await dialog.getByTestId('label-batch-close').click();
      await dialog.waitFor({ state: 'detached', ...T });
      const finished = page
        .getByTestId('task-item')
        .filter({ hasText: 'Étiquettes d’expédition' })
        .and(page.locator('[data-status="completed"]'))
        .first();
      const again = finished.getByRole('button', { name: /^Télécharger le PDF : Étiquettes/ });
      await again.waitFor(T);
      expect(plain(await again.textContent())).toBe('Télécharger');
      expect(plain(await finished.textContent())).toMatch(/Conservé jusqu’au \d{1,2} \S+ \d{4}/);
      expect(await seriousViolations(page)).toEqual([]);
      const [redownload] = await Promise.all([page.waitForEvent('download', T), again.click()]);
      expect(redownload.suggestedFilename()).toBe(download.suggestedFilename());
      const fileAgain = path.join(workDir, 'labels-again.pdf');
      await redownload.saveAs(fileAgain);
      const infoAgain = execFileSync('pdfinfo', [fileAgain], { encoding: 'utf8' });
      expect(infoAgain).toMatch(/Pages:\s+1\n/);
      const textAgain = plain(
        execFileSync('pdftotext', ['-layout', fileAgain, '-'], { encoding: 'utf8' }),
      );
      for (const number of tracking) expect(textAgain).toContain(number);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
