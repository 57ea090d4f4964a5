import { create } from '@bufbuild/protobuf';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { openAs, rpcAs } from '../helpers/browserPage.ts';

/** The vendor's own deposit, RECEIVED, with two offline items, made through the real calls. */
async function createOwnDeposit(name: string): Promise<string> {
  const vendor = await rpcAs('vendor@seconde.test');
  const deposit = await vendor(DepositService).create({
    deposit: create(DepositSchema, {
      name,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
    }),
  });
  const products = vendor(ProductService);
  for (const n of [1, 2]) {
    await products.create({
      product: {
        deposit: deposit.uuid,
        name: `${name} article ${n}`,
        saleStatus: SaleStatus.OFFLINE,
      },
    });
  }
  return deposit.uuid;
}

async function currentStatus(page: Page, text: RegExp): Promise<void> {
  await page.getByTestId('status-current').filter({ hasText: text }).waitFor({ timeout: 30_000 });
}

describe('deposit list and deposit page', () => {
  const name = `Dépôt navigateur ${Date.now()}`;
  let uuid = '';

  beforeAll(async () => {
    uuid = await createOwnDeposit(name);
  });

  it('keeps a status filter across a reload, then walks a deposit from RECEIVED to INLINE', async () => {
    const { page, close } = await openAs('vendor@seconde.test', '/deposits');
    await page.getByTestId('deposit-table').waitFor({ timeout: 30_000 });

    await page.locator('label', { has: page.getByTestId('status-filter-RECEIVED') }).click();
    await page.waitForURL(/status=RECEIVED/);
    await page.waitForFunction(
      () => {
        const rows = Array.from(document.querySelectorAll('[data-testid="deposit-row"]'));
        return (
          rows.length > 0 && rows.every((row) => row.getAttribute('data-status') === 'RECEIVED')
        );
      },
      undefined,
      { timeout: 30_000 },
    );

    await page.reload();
    await page.getByTestId('deposit-table').waitFor({ timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('status')).toBe('RECEIVED');
    expect(await page.getByTestId('status-filter-RECEIVED').isChecked()).toBe(true);
    const statuses = await page
      .getByTestId('deposit-row')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-status')));
    expect(new Set(statuses)).toEqual(new Set(['RECEIVED']));

    await page.getByRole('link', { name }).click();
    await page.waitForURL(new RegExp(`/deposit/${uuid}$`));
    await currentStatus(page, /Reçu/);

    // A move the rules refuse is shown disabled, with its reason naming the step to go through.
    expect(await page.getByTestId('move-CUSTOMER_WAITING').isDisabled()).toBe(true);
    expect(await page.getByTestId('reason-CUSTOMER_WAITING').textContent()).toMatch(
      /Étape obligatoire.*« En cours »/,
    );
    expect(await page.getByTestId('admin-panel').count()).toBe(0);

    for (const [status, label] of [
      ['TODO', /À traiter/],
      ['PROGRESS', /En cours/],
      ['CUSTOMER_WAITING', /En attente du client/],
      ['DEPOSIT_VALIDATED', /Inventaire validé/],
    ] as const) {
      await page.getByTestId(`move-${status}`).click();
      await currentStatus(page, label);
    }

    // The first products go online: the page offers to put the deposit online.
    await page.locator('#bulk-status').selectOption('ONLINE');
    await page.getByTestId('bulk-apply').click();
    await page.getByTestId('inline-accept').click();
    await currentStatus(page, /En ligne/);
    await page.getByTestId('sale-count-ONLINE').waitFor();
    expect(await page.getByTestId('deposit-status').textContent()).toMatch(/En ligne/);
    await close();
  });

  it('shows the admin-only panel to an admin', async () => {
    const { page, close } = await openAs('admin@seconde.test', `/deposit/${uuid}`);
    await page.getByTestId('admin-panel').waitFor({ timeout: 30_000 });
    await page.locator('#admin-notes').fill('Client très réactif');
    await page.getByTestId('admin-save').click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="admin-save"]') as HTMLButtonElement)?.disabled,
    );
    await page.reload();
    await page.getByTestId('admin-panel').waitFor({ timeout: 30_000 });
    expect(await page.locator('#admin-notes').inputValue()).toBe('Client très réactif');
    await close();
  });
});
