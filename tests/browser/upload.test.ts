import { create, fromBinary } from '@bufbuild/protobuf';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProductFamily } from '../../src/rpc/gen/seconde/v1/category_pb.ts';
import {
  CreateDepositImageRequestSchema,
  DepositImageService,
  type CreateDepositImageRequest,
} from '../../src/rpc/gen/seconde/v1/deposit_image_pb.ts';
import {
  DepositSchema,
  DepositService,
  DepositStatus,
} from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { openAs, rpcAs, type OpenPage } from '../helpers/browserPage.ts';

const FIXTURES = path.resolve('tests/fixtures/images');
const fixture = (name: string) => path.join(FIXTURES, name);

/** The photos as the browser sent them, read back from the real upload calls. */
const sent = new Map<string, CreateDepositImageRequest>();
let deposit = '';
let opened: OpenPage;

beforeAll(async () => {
  const vendor = await rpcAs('vendor@seconde.test');
  deposit = (
    await vendor(DepositService).create({
      deposit: create(DepositSchema, {
        name: `Photos ${Date.now()}`,
        status: DepositStatus.RECEIVED,
        family: ProductFamily.WOMAN,
      }),
    })
  ).uuid;
  opened = await openAs('vendor@seconde.test', `/deposit/${deposit}`);
  await opened.page.route('**/seconde.v1.DepositImageService/Create', async (route) => {
    const body = route.request().postDataBuffer();
    if (body) {
      const request = fromBinary(CreateDepositImageRequestSchema, new Uint8Array(body));
      sent.set(request.depositImage!.originalName, request);
    }
    await route.continue();
  });
});

afterAll(async () => {
  await opened?.close();
});

async function rowOf(name: string) {
  const row = opened.page.getByTestId('upload-row').filter({ hasText: name });
  await row.waitFor({ timeout: 30_000 });
  return row;
}

async function settled(name: string, status = 'done') {
  const row = await rowOf(name);
  await opened.page.waitForFunction(
    ([n]) =>
      Array.from(document.querySelectorAll('[data-testid="upload-row"]')).some(
        (r) =>
          r.textContent?.includes(n!) &&
          ['done', 'failed', 'cancelled'].includes(r.getAttribute('data-status')!),
      ),
    [name],
    { timeout: 90_000 },
  );
  expect(await row.getAttribute('data-status'), name).toBe(status);
  return row;
}

describe('photo intake in the browser (real workers, real server)', () => {
  it('refuses a non-image file with the §5 message, before any upload', async () => {
    const { page } = opened;
    await page.getByTestId('upload-zone').waitFor({ timeout: 30_000 });
    await page.getByTestId('upload-input').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await expect
      .poll(() => page.getByTestId('upload-message').textContent())
      .toBe(
        "Le fichier notes.pdf n'est pas une image. Veuillez n'envoyer que des fichiers image (JPG, PNG, GIF, HEIC, etc.).",
      );
  });

  it('resizes JPEG, EXIF-rotated, HEIC, PNG and WebP photos in the workers and stores them', async () => {
    const { page } = opened;
    const names = [
      'photo-12mp.jpg',
      'exif-orientation-6.jpg',
      'photo-iphone.heic',
      'photo.png',
      'photo.webp',
    ];
    await page.getByTestId('upload-input').setInputFiles(names.map(fixture));
    for (const name of names) {
      const row = await settled(name);
      // The 256 px thumbnail shows as soon as the photo is resized.
      await expect.poll(() => row.locator('img').count(), { timeout: 5_000 }).toBe(1);
    }
    await expect.poll(() => page.getByTestId('upload-progress').textContent()).toMatch(/^5 /);

    const check = async (name: string, width: number, height: number) => {
      const request = sent.get(name)!;
      expect(request.uploadKey, name).toMatch(/^[0-9a-f-]{36}$/);
      const image = await sharp(request.imageContent).metadata();
      expect([image.format, image.width, image.height], name).toEqual(['jpeg', width, height]);
      const thumb = await sharp(request.image256Content).metadata();
      expect(Math.max(thumb.width!, thumb.height!), name).toBe(256);
      const tiny = await sharp(request.image32Content).metadata();
      expect(Math.max(tiny.width!, tiny.height!), name).toBe(32);
      return request;
    };
    await check('photo-12mp.jpg', 1080, 810);
    await check('photo-iphone.heic', 810, 1080);
    await check('photo.png', 800, 600);
    await check('photo.webp', 800, 600);
    // EXIF orientation 6 applied: portrait now, and the red block of the stored top-left corner
    // is now at the top right.
    const rotated = await check('exif-orientation-6.jpg', 810, 1080);
    const { data, info } = await sharp(rotated.imageContent)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray(
        (y * info.width + x) * info.channels,
        (y * info.width + x) * info.channels + 3,
      ),
    ];
    const [r, g, b] = pixel(info.width - 20, 20);
    expect(r! > 200 && g! < 60 && b! < 60, `top-right ${[r, g, b]}`).toBe(true);
    const [r2] = pixel(20, 20);
    expect(r2! > 200 && pixel(20, 20)[1]! > 200, 'top-left is not red').toBe(true);

    // The server keeps each photo once, with its name.
    const vendor = await rpcAs('vendor@seconde.test');
    const listed = await vendor(DepositImageService).list({ deposit });
    expect(listed.results.map((i) => i.originalName).sort()).toEqual([...names].sort());
  });

  it('turns a JPEG by each of the eight EXIF orientations as sharp does, photo and thumbnails', async () => {
    const { page } = opened;
    // 2000 × 1500 stored: the worker decodes it at 5/8 of its size, then turns it.
    const stored = sharp(fixture('photo-12mp.jpg')).resize(2000, 1500);
    const files = await Promise.all(
      [1, 2, 3, 4, 5, 6, 7, 8].map(async (orientation) => ({
        name: `turned-${orientation}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await stored.clone().jpeg({ quality: 92 }).withMetadata({ orientation }).toBuffer(),
        orientation,
      })),
    );
    await page
      .getByTestId('upload-input')
      .setInputFiles(files.map(({ name, mimeType, buffer }) => ({ name, mimeType, buffer })));
    /** Mean difference per channel from sharp's own rotation and resize of the same file. */
    const difference = async (sentJpeg: Uint8Array, original: Buffer) => {
      const got = await sharp(sentJpeg).raw().toBuffer({ resolveWithObject: true });
      const want = await sharp(original)
        .rotate()
        .resize(got.info.width, got.info.height)
        .raw()
        .toBuffer();
      let sum = 0;
      for (let i = 0; i < want.length; i++) sum += Math.abs(got.data[i]! - want[i]!);
      return sum / want.length;
    };
    for (const { name, buffer, orientation } of files) {
      await settled(name);
      const request = sent.get(name)!;
      const portrait = orientation >= 5;
      const image = await sharp(request.imageContent).metadata();
      expect([image.width, image.height], name).toEqual(portrait ? [810, 1080] : [1080, 810]);
      const thumb = await sharp(request.image256Content).metadata();
      expect([thumb.width, thumb.height], name).toEqual(portrait ? [192, 256] : [256, 192]);
      // A wrong turn or mirror of this texture differs by 27 or more.
      expect(await difference(request.imageContent, buffer), name).toBeLessThan(6);
      expect(await difference(request.image256Content, buffer), name).toBeLessThan(6);
    }
  });

  it('a file named .jpg that is not an image gets its message and nothing is stored', async () => {
    const { page } = opened;
    await page.getByTestId('upload-input').setInputFiles(fixture('not-an-image.jpg'));
    const row = await settled('not-an-image.jpg', 'failed');
    await expect
      .poll(() => row.getByTestId('upload-error').textContent())
      .toBe(
        "Le fichier not-an-image.jpg n'est pas une image. Veuillez n'envoyer que des fichiers image (JPG, PNG, GIF, HEIC, etc.).",
      );
    expect(sent.has('not-an-image.jpg')).toBe(false);
    // Nothing is lost from the list: the file stays with retry and remove.
    await row.getByRole('button', { name: /Retirer de la liste/ }).click();
    await expect
      .poll(() => page.getByTestId('upload-row').filter({ hasText: 'not-an-image.jpg' }).count())
      .toBe(0);
  });
});
