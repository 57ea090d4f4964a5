import { create } from '@bufbuild/protobuf';
import { timestampFromMs } from '@bufbuild/protobuf/wkt';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import { DepositImageService } from '../../src/rpc/gen/seconde/v1/deposit_image_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductImageService } from '../../src/rpc/gen/seconde/v1/product_image_pb.ts';
import { ProductService, SaleStatus } from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import path from 'node:path';
import { openAs, rpcAs, type OpenPage } from '../helpers/browserPage.ts';

const VENDOR = 'vendor@seconde.test';
type Rpc = Awaited<ReturnType<typeof rpcAs>>;

/** A RECEIVED deposit of the vendor with one product, made through the real calls. */
async function depositWithProduct(rpc: Rpc, name: string) {
  const deposit = await rpc(DepositService).create({
    deposit: create(DepositSchema, {
      name,
      status: DepositStatus.RECEIVED,
      family: ProductFamily.WOMAN,
    }),
  });
  const product = await rpc(ProductService).create({
    product: { deposit: deposit.uuid, name: `${name} veste`, saleStatus: SaleStatus.OFFLINE },
  });
  return { deposit: deposit.uuid, product: product.uuid };
}

/** Real photos uploaded as the browser would, taken at the given seconds (for the grouping). */
async function uploadPhotos(rpc: Rpc, deposit: string, seconds: readonly number[]) {
  const bytes = [
    await readFile('tests/fixtures/images/photo.webp'),
    await readFile('tests/fixtures/images/exif-orientation-6.jpg'),
  ];
  const start = Date.now() - 3_600_000;
  const uuids: string[] = [];
  for (const [i, s] of seconds.entries()) {
    const photo = await rpc(DepositImageService).create({
      depositImage: { deposit, takenAt: timestampFromMs(start + s * 1000) },
      imageContent: new Uint8Array(bytes[i % 2]!),
      uploadKey: `photos-test-${deposit}-${i}`,
    });
    uuids.push(photo.uuid);
  }
  return uuids;
}

async function depositPhotos(rpc: Rpc, deposit: string) {
  const answer = await rpc(DepositImageService).list({
    deposit,
    ordering: 'order',
    pagination: { page: 1, pageSize: 100 },
  });
  return [...answer.results].sort((a, b) => a.order - b.order);
}

async function productPhotos(rpc: Rpc, product: string) {
  const answer = await rpc(ProductImageService).list({
    product,
    ordering: 'order',
    pagination: { page: 1, pageSize: 100 },
  });
  return answer.results;
}

/**
 * axe-core's serious and critical violations inside `selector` (the photos section: the page's
 * other panels are checked by their own tests).
 */
async function sectionViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ path: path.resolve('node_modules/axe-core/axe.min.js') });
  const violations = (await page.evaluate(async (include) => {
    const axe = (
      window as unknown as { axe: { run(c: string): Promise<{ violations: unknown[] }> } }
    ).axe;
    return (await axe.run(include)).violations;
  }, selector)) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const tileOrder = (page: Page) =>
  page
    .getByTestId(/^image-list-deposit:/)
    .getByTestId('image-tile')
    .evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-uuid')));

/** Waits until the call named `method` (e.g. `DepositImageService/Reorder`) has answered. */
const answered = (page: Page, method: string) =>
  page.waitForResponse((r) => r.url().endsWith(`/seconde.v1.${method}`), { timeout: 30_000 });

describe('deposit photos', () => {
  let rpc: Rpc;
  let deposit = '';
  let product = '';
  let photos: string[] = [];
  let opened: OpenPage;

  beforeAll(async () => {
    rpc = await rpcAs(VENDOR);
    ({ deposit, product } = await depositWithProduct(rpc, `Dépôt photos ${Date.now()}`));
    // Three items: two photos, two photos, one photo.
    photos = await uploadPhotos(rpc, deposit, [0, 5, 200, 205, 400]);
    opened = await openAs(VENDOR, `/deposit/${deposit}`);
    await opened.page.getByTestId('image-tile').first().waitFor({ timeout: 30_000 });
  }, 120_000);

  afterAll(async () => {
    await opened?.close();
  });

  it('has no serious accessibility violation on the photos section', async () => {
    await opened.page.getByTestId('product-strip').first().waitFor({ timeout: 30_000 });
    expect(await sectionViolations(opened.page, '[data-testid="deposit-photos"]')).toEqual([]);
  });

  it('sends ten quick quarter turns as one rotation, stored as 180 degrees', async () => {
    const { page } = opened;
    let rotateCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/seconde.v1.DepositImageService/Rotate')) rotateCalls += 1;
    });
    const tile = page.locator(`[data-testid="image-tile"][data-uuid="${photos[0]}"]`);
    const saved = answered(page, 'DepositImageService/Rotate');
    for (let i = 0; i < 10; i += 1) await tile.getByTestId('tile-rotate').click();
    // Shown at once, before anything is sent.
    expect(await tile.locator('img').getAttribute('style')).toContain('rotate(900deg)');
    await saved;
    await page.waitForTimeout(1500);
    expect(rotateCalls).toBe(1);
    await page.waitForFunction(
      (uuid) =>
        document
          .querySelector(`[data-uuid="${uuid}"] img`)
          ?.getAttribute('src')
          ?.endsWith('?rotation=180'),
      photos[0],
    );
    const stored = (await depositPhotos(rpc, deposit)).find((p) => p.uuid === photos[0]);
    expect(stored?.rotation).toBe(180);
  });

  it('reorders by keyboard (space, arrow, space) and keeps the order after a reload', async () => {
    const { page } = opened;
    expect(await tileOrder(page)).toEqual(photos);
    const handle = page
      .locator(`[data-testid="image-tile"][data-uuid="${photos[0]}"]`)
      .getByTestId('tile-drag');
    await handle.focus();
    const saved = answered(page, 'DepositImageService/Reorder');
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowRight');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await saved;
    const expected = [photos[1], photos[0], ...photos.slice(2)];
    expect(await tileOrder(page)).toEqual(expected);
    await page.reload();
    await page.getByTestId('image-tile').first().waitFor({ timeout: 30_000 });
    expect(await tileOrder(page)).toEqual(expected);
    expect((await depositPhotos(rpc, deposit)).map((p) => p.uuid)).toEqual(expected);
  });

  it('moves a deposit photo onto a product by dragging it', async () => {
    const { page } = opened;
    const moving = photos[4]!;
    const strip = page.locator(`[data-testid="product-strip"][data-product="${product}"]`);
    await strip.waitFor({ timeout: 30_000 });
    const handle = page
      .locator(`[data-testid="image-tile"][data-uuid="${moving}"]`)
      .getByTestId('tile-drag');
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const saved = answered(page, 'ProductImageService/CreateFromDepositImage');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
    const target = (await strip.locator('ul').boundingBox())!;
    await page.mouse.move(target.x + 40, target.y + target.height / 2, { steps: 15 });
    await page.mouse.up();
    await saved;
    await strip.locator(`[data-uuid]`).first().waitFor({ timeout: 30_000 });
    expect((await productPhotos(rpc, product)).length).toBe(1);
    expect((await depositPhotos(rpc, deposit)).map((p) => p.uuid)).not.toContain(moving);
  });

  it('makes a product of the chosen photos', async () => {
    const { page } = opened;
    for (const uuid of [photos[2], photos[3]])
      await page
        .locator(`[data-testid="image-tile"][data-uuid="${uuid}"] input[type="checkbox"]`)
        .check({ force: true });
    const made = answered(page, 'ProductService/CreateFromDepositImages');
    await page.getByTestId('create-from-selection').click();
    await made;
    const link = page.getByTestId('product-created').getByRole('link');
    await link.waitFor({ timeout: 30_000 });
    const uuid = (await link.getAttribute('href'))!.replace('/product/', '');
    expect((await productPhotos(rpc, uuid)).map((p) => p.order)).toEqual([1, 2]);
    expect((await depositPhotos(rpc, deposit)).map((p) => p.uuid).sort()).toEqual(
      [photos[0], photos[1]].sort(),
    );
  });
});

describe('cluster mode', () => {
  it('walks two photo groups, one product each', async () => {
    const rpc = await rpcAs(VENDOR);
    const { deposit } = await depositWithProduct(rpc, `Dépôt groupes ${Date.now()}`);
    await uploadPhotos(rpc, deposit, [0, 10, 300, 310]);
    const before = await rpc(ProductService).list({
      deposit,
      pagination: { page: 1, pageSize: 50 },
    });
    const { page, close } = await openAs(VENDOR, `/deposit/${deposit}`);
    try {
      await page.getByTestId('cluster-mode').click();
      const position = page.getByTestId('cluster-position');
      await position.filter({ hasText: '1 sur 2' }).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('cluster-photo').count()).toBe(2);
      await page.getByTestId('cluster-create').click();
      await page.getByTestId('cluster-created').waitFor({ timeout: 30_000 });
      await position.filter({ hasText: '1 sur 1' }).waitFor({ timeout: 30_000 });
      await page.getByTestId('cluster-create').click();
      await page.getByRole('heading', { name: /Tous les groupes/ }).waitFor({ timeout: 30_000 });
      const after = await rpc(ProductService).list({
        deposit,
        pagination: { page: 1, pageSize: 50 },
      });
      expect(after.count).toBe(before.count + 2);
      expect(await depositPhotos(rpc, deposit)).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);
});
