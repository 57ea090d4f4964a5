import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { create } from '@bufbuild/protobuf';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductQuality, ProductService } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { CustomerService } from '../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { seriousViolations } from '../helpers/axe.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

const VENDOR = 'vendor@seconde.test';
const T = { timeout: 30_000 };
const plain = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

let depositName = '';
let workDir = '';

/** A deposit of vendor@ for a new depositor, received with two items, then restituted. */
beforeAll(async () => {
  const vendor = await rpcAs(VENDOR);
  const tag = (Date.now() % 1_000_000).toString(36);
  // A depositor of this test's own: the demo's customer@ may already have a deposit of the same
  // family today from another test on the shared server, which the deposit rules refuse.
  const customerUuid = (
    await vendor(CustomerService).create({
      customer: { firstName: 'Rose', lastName: `Retour ${tag}`, email: `retour-${tag}@exemple.fr` },
    })
  ).uuid;
  depositName = `Retour ${tag}`;
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
    [`Caban marine ${tag}`, ProductQuality.GOOD],
    [`Blouse brodée ${tag}`, ProductQuality.VERY_GOOD],
  ] as const)
    await vendor(ProductService).create({ product: { deposit: received.uuid, name, quality } });
  const current = await vendor(DepositService).retrieve({ uuid: received.uuid });
  await vendor(DepositService).partialUpdate({
    deposit: {
      uuid: received.uuid,
      rowVersion: current.rowVersion,
      status: DepositStatus.RESTITUED,
    },
    updateMask: { paths: ['status'] },
  });
  workDir = await mkdtemp(path.join(tmpdir(), 'seconde-restitutions-'));
}, 90_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const rowOf = (page: Page) =>
  page.getByTestId('restitution-list-row').filter({ hasText: depositName });

/** Downloads the PDF through the row's button and reads it back as text. */
async function downloaded(page: Page, start: () => Promise<void>, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download', T), start()]);
  const file = path.join(workDir, name);
  await download.saveAs(file);
  return plain(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }));
}

describe('the restitutions page', () => {
  it('lists vendor@’s restituted deposit with its receipt and downloads the PDF', async () => {
    const { page, close } = await openAs(VENDOR, '/restitutions');
    try {
      await page.getByRole('heading', { name: 'Restitutions', level: 1 }).waitFor(T);
      const row = rowOf(page);
      await row.waitFor(T);
      const text = plain(await row.textContent());
      expect(text).toContain('2');
      expect(plain(await row.getByTestId('restitution-list-status').textContent())).toBe(
        'En attente d’acceptation',
      );
      // Filtering on accepted receipts leaves it out; waiting ones bring it back.
      const status = page.getByLabel('Statut');
      await status.selectOption('ACCEPTED');
      await row.waitFor({ state: 'detached', ...T });
      await status.selectOption('WAITING');
      await row.waitFor(T);
      await expect.poll(() => seriousViolations(page)).toEqual([]);
      const pdf = await downloaded(
        page,
        () =>
          row.getByRole('button', { name: `Télécharger le PDF du reçu de ${depositName}` }).click(),
        'receipt-fr.pdf',
      );
      expect(pdf).toContain('Reçu de restitution');
      expect(pdf).toContain(depositName);
      expect(pdf).toContain('Caban marine');
    } finally {
      await close();
    }
  });

  it('reads in English and downloads with the keyboard', async () => {
    const { page, close } = await openAs(VENDOR, '/restitutions', { locale: 'en-GB' });
    try {
      await page.getByRole('button', { name: 'English' }).click();
      await page.getByRole('heading', { name: 'Returns to depositors', level: 1 }).waitFor(T);
      const row = rowOf(page);
      await row.getByTestId('restitution-list-status').filter({ hasText: 'Waiting' }).waitFor(T);
      expect(plain(await row.getByTestId('restitution-list-status').textContent())).toBe(
        'Waiting for acceptance',
      );
      await expect.poll(() => seriousViolations(page)).toEqual([]);
      const button = row.getByRole('button', {
        name: `Download the PDF of the receipt of ${depositName}`,
      });
      await button.focus();
      const pdf = await downloaded(page, () => page.keyboard.press('Enter'), 'receipt-en.pdf');
      expect(pdf).toContain('Restitution receipt');
      expect(pdf).toContain(depositName);
    } finally {
      await close();
    }
  });
});
