import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create } from '@bufbuild/protobuf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductQuality, ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { SessionService } from '../../src/rpc/gen/seconde/v1/session_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, openPage, rpcAs } from '../helpers/browserPage.ts';

const VENDOR = 'vendor@seconde.test';
const CUSTOMER = 'customer@seconde.test';
const T = { timeout: 30_000 };
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

let deposit = '';
let depositName = '';
let workDir = '';

/** A received deposit of vendor@ for customer@, with two described items. */
beforeAll(async () => {
  const vendor = await rpcAs(VENDOR);
  const customerUuid = (await (await rpcAs(CUSTOMER))(SessionService).getCurrentUser({}))
    .customerUuid;
  const tag = (Date.now() % 1_000_000).toString(36);
  depositName = `Reçu ${tag}`;
  const received = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name: depositName,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
      customer: customerUuid,
      receptionIdDocumentType: 'Passeport',
      receptionIdDocumentNumber: '19AB12345',
      receptionIdDocumentAuthority: 'Préfecture du Rhône',
      receptionIdDocumentDate: '2020-06-01',
    }),
  });
  for (const [name, quality] of [
    [`Trench beige ${tag}`, ProductQuality.GOOD],
    [`Jupe plissée ${tag}`, ProductQuality.NEW_WITHOUT_TICKET],
  ] as const)
    await vendor(ProductService).create({ product: { deposit: received.uuid, name, quality } });
  deposit = received.uuid;
  workDir = await mkdtemp(path.join(tmpdir(), 'seconde-receipt-'));
}, 90_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('a restitution receipt', () => {
  it('vendor@ restitutes, customer@ accepts it on screen, vendor@ sees it accepted', async () => {
    const vendorPage = await openAs(VENDOR, `/deposit/${deposit}`);
    try {
      const { page } = vendorPage;
      await page.getByTestId('move-RESTITUED').click(T);
      const section = page.getByTestId('deposit-restitution-receipt');
      await section.waitFor(T);
      const status = section.getByTestId('restitution-receipt-status');
      await status.waitFor(T);
      expect(plain(await status.textContent())).toBe('En attente d’acceptation par le déposant');
      const items = plain(await section.getByTestId('restitution-receipt-items').textContent());
      expect(items).toContain('Trench beige');
      expect(items).toContain('Bon état');
      expect(items).toContain('Neuf sans étiquette');
      // The vendor does not accept for the depositor.
      expect(await section.getByTestId('restitution-receipt-accept').count()).toBe(0);
      const violations = await seriousViolations(page);
      expect(violations.filter((v) => v.includes('restitution-receipt'))).toEqual([]);
      const [download] = await Promise.all([
        page.waitForEvent('download', T),
        section.getByRole('button', { name: 'Télécharger le PDF' }).click(),
      ]);
      const file = path.join(workDir, 'receipt.pdf');
      await download.saveAs(file);
      const text = plain(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
      expect(text).toContain('Reçu de restitution');
      expect(text).toContain(depositName);
      expect(text).toContain('19AB12345');

      // The depositor accepts it on their deposit's page.
      const customerPage = await openAs(CUSTOMER, `/restitution/${deposit}`);
      try {
        const mine = customerPage.page.getByTestId('deposit-restitution-receipt');
        await mine.waitFor(T);
        const accept = mine.getByRole('button', { name: 'J’accepte le reçu' });
        await accept.waitFor(T);
        expect(await seriousViolations(customerPage.page)).toEqual([]);
        await accept.click();
        await mine
          .getByTestId('restitution-receipt-status')
          .filter({ hasText: /^Accepté le/ })
          .waitFor(T);
        expect(plain(await mine.getByTestId('restitution-receipt-status').textContent())).toMatch(
          /^Accepté le \d{2}\/\d{2}\/\d{4} à l’écran$/,
        );
        expect(await mine.getByTestId('restitution-receipt-accept').count()).toBe(0);
      } finally {
        await customerPage.close();
      }

      // Back on the vendor's page, the receipt reads accepted.
      await section.getByRole('button', { name: 'Actualiser' }).click();
      await status.filter({ hasText: /^Accepté le/ }).waitFor(T);
      expect(plain(await status.textContent())).toMatch(/^Accepté le .* à l’écran$/);
    } finally {
      await vendorPage.close();
    }
  });

  it('a wrong mail link is refused with a translated reason, without signing in', async () => {
    const { page, close } = await openPage('/restitution-receipt/not-a-real-token');
    try {
      const failed = page.getByTestId('restitution-receipt-failed');
      await failed.waitFor(T);
      expect(plain(await failed.textContent())).toContain('Ce lien n’est pas valable');
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await close();
    }
  });
});
