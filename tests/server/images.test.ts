import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Code, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.gen.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamCode } from '../../src/rpc/gen/seconde/v1/common_pb.ts';
import { ContactWay } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  DepositImageService,
  ProcessingStatus,
  UploadedFrom,
  type DepositImage,
} from '../../src/rpc/gen/seconde/v1/deposit_image_pb.ts';
import { ProductImageService } from '../../src/rpc/gen/seconde/v1/product_image_pb.ts';
import { PublicDepositService } from '../../src/rpc/gen/seconde/v1/public_deposit_pb.ts';
import type { MediaStorage } from '../../server/media/storage.ts';
import { createPhoto } from '../../server/services/images/createPhoto.ts';
import { DEPOSIT_PHOTOS } from '../../server/services/images/photoSpecs.ts';
import { progressionProbe } from '../../server/services/images/photoProgression.ts';
import { DRAFT_TOKEN_HEADER } from '../../server/services/images/visitorUpload.ts';
import {
  refusalOf,
  startTestServer,
  type DemoRecords,
  type TestServer,
} from '../helpers/testServer.ts';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../fixtures/images/${name}`, import.meta.url)));

let t: TestServer;
let db: Kysely<Database>;
let records: DemoRecords;
/** Fresh deposits and products per test, so lists never mix. */
let vendorDeposit: () => Promise<string>;
let vendorProduct: () => Promise<string>;

type Row = Record<string, unknown>;
const rows = async (query: ReturnType<typeof sql>) =>
  (await (query as ReturnType<typeof sql<Row>>).execute(db)).rows;

async function dimensions(key: string, rotation = 0) {
  const response = await fetch(
    `${t.server.url}/media/${key}${rotation ? `?rotation=${rotation}` : ''}`,
  );
  expect(response.status).toBe(200);
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { width: meta.width!, height: meta.height!, format: meta.format, response };
}

async function photoCount(table: 'deposit_image' | 'product_image', owner: string) {
  const column = table === 'deposit_image' ? 'deposit' : 'product';
  const [row] = await rows(
    sql`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)} = ${owner}`,
  );
  return Number(row!.n);
}

const deposits = () => t.client(DepositImageService, 'vendor');
const products = () => t.client(ProductImageService, 'vendor');
const upload = (deposit: string, name: string, extra: Record<string, unknown> = {}) =>
  deposits().create({
    depositImage: { deposit, originalName: name },
    imageContent: fixture(name),
    ...extra,
  });

beforeAll(async () => {
  t = await startTestServer({ demoProducts: 60 }, ['vendor', 'company', 'admin', 'customer']);
  db = t.server.db;
  records = await t.demoRecords();
  const [template] = await rows(sql`
    select * from deposit where vendor = ${records.vendorUuid} and status = 'PROGRESS' limit 1`);
  let n = 0;
  vendorDeposit = async () => {
    n += 1;
    const [row] = await rows(sql`
      insert into deposit (vendor, customer, company, name, status)
      values (${records.vendorUuid}, ${records.customerUuid}, ${template!.company as string},
        ${`Photos ${n}`}, 'PROGRESS') returning uuid`);
    return row!.uuid as string;
  };
  vendorProduct = async () => {
    const [row] = await rows(sql`
      insert into product (deposit, name, sale_status) values (${await vendorDeposit()}, 'Robe', 'OFFLINE')
      returning uuid`);
    return row!.uuid as string;
  };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('upload checked by content', () => {
  const good: [string, string][] = [
    ['photo-12mp.jpg', 'jpeg'],
    ['exif-orientation-6.jpg', 'jpeg'],
    ['photo.png', 'png'],
    ['png-named.jpg', 'png'],
    ['photo.webp', 'webp'],
    ['photo.gif', 'gif'],
    ['photo.tiff', 'jpeg'],
    ['photo.bmp', 'jpeg'],
    ['photo-iphone.heic', 'jpeg'],
    ['plain.svg', 'jpeg'],
    ['with-script.svg', 'jpeg'],
  ];

  it.each(good)('stores %s with variants that decode at the right sizes', async (name, shown) => {
    const deposit = await vendorDeposit();
    const photo = await upload(deposit, name);
    expect(photo.processingStatus).toBe(ProcessingStatus.COMPLETED);
    expect(photo.uploadedFrom).toBe(UploadedFrom.VENDOR);
    expect(photo.originalName).toBe(name);
    expect(photo.order).toBe(1);
    const image = await dimensions(photo.image);
    expect(image.format).toBe(shown);
    expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(1600);
    expect(image.response.headers.get('cache-control')).toContain('immutable');
    const thumb = await dimensions(photo.image256);
    expect(Math.max(thumb.width, thumb.height)).toBe(
      Math.min(256, Math.max(image.width, image.height)),
    );
    // Thumbnail and display image keep the same proportions (EXIF orientation applied to both).
    expect(Math.sign(thumb.width - thumb.height)).toBe(Math.sign(image.width - image.height));
    const original = await fetch(`${t.server.url}/media/${photo.original}`);
    expect(original.status).toBe(200);
    if (!name.endsWith('.svg'))
      expect(Buffer.from(await original.arrayBuffer()).equals(Buffer.from(fixture(name)))).toBe(
        true,
      );
    else expect(original.headers.get('content-type')).toBe('image/png');
  });

  it('turns a photo with EXIF orientation 6 upright (1600 × 1200 stored as 810 × 1080)', async () => {
    const photo = await upload(await vendorDeposit(), 'exif-orientation-6.jpg');
    expect(await dimensions(photo.image)).toMatchObject({ width: 810, height: 1080 });
  });

  it('makes a 1080 JPEG of a 12-megapixel photo', async () => {
    const photo = await upload(await vendorDeposit(), 'photo-12mp.jpg');
    expect(await dimensions(photo.image)).toMatchObject({
      width: 1080,
      height: 810,
      format: 'jpeg',
    });
  });

  it('decodes a HEIC in a worker thread: the server keeps answering meanwhile', async () => {
    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 20);
    try {
      const photo = await upload(await vendorDeposit(), 'photo-iphone.heic');
      expect(await dimensions(photo.image)).toMatchObject({ width: 810, height: 1080 });
    } finally {
      clearInterval(ticker);
    }
    // A 12-megapixel HEVC decode takes seconds; the event loop never waited that long.
    expect(longest).toBeLessThan(1000);
  });

  it('keeps an SVG as pixels only: no script is stored or served', async () => {
    const photo = await upload(await vendorDeposit(), 'with-script.svg');
    for (const key of [photo.original, photo.image, photo.image256]) {
      const body = Buffer.from(await (await fetch(`${t.server.url}/media/${key}`)).arrayBuffer());
      expect(body.includes('<script')).toBe(false);
      expect(body.includes('<svg')).toBe(false);
    }
  });

  const bad: [string, string][] = [
    ['not-an-image.jpg', 'IMAGE_NOT_AN_IMAGE'],
    ['empty.jpg', 'IMAGE_NOT_AN_IMAGE'],
    ['truncated.jpg', 'IMAGE_CORRUPT'],
    ['huge-400-megapixels.png', 'IMAGE_TOO_LARGE'],
  ];

  it.each(bad)('refuses %s with %s and stores nothing', async (name, reason) => {
    const deposit = await vendorDeposit();
    const before = process.memoryUsage().rss;
    expect(await refusalOf(upload(deposit, name, { uploadKey: `bad-${name}` }))).toEqual({
      code: Code.InvalidArgument,
      reason,
    });
    expect(await photoCount('deposit_image', deposit)).toBe(0);
    // The 400-megapixel file is refused from its header: no 1.6 GB of pixels were allocated.
    expect(process.memoryUsage().rss - before).toBeLessThan(400 * 1024 * 1024);
  });

  it('refuses a file over the byte limit', async () => {
    const deposit = await vendorDeposit();
    const big = new Uint8Array(31 * 1024 * 1024);
    big.set(fixture('photo.png'));
    expect(
      await refusalOf(deposits().create({ depositImage: { deposit }, imageContent: big })),
    ).toEqual({ code: Code.InvalidArgument, reason: 'IMAGE_TOO_LARGE' });
    expect(await photoCount('deposit_image', deposit)).toBe(0);
  });

  it('uses browser thumbnails of the right size and replaces wrong ones', async () => {
    const product = await vendorProduct();
    const jpeg = await sharp(fixture('photo-12mp.jpg')).resize(1080).jpeg().toBuffer();
    const t256 = await sharp(jpeg).resize(256).webp().toBuffer();
    const wrong32 = await sharp(jpeg).resize(100).jpeg().toBuffer();
    const photo = await products().create({
      productImage: { product },
      imageContent: jpeg,
      image256Content: t256,
      image32Content: wrong32,
    });
    expect(photo.image256.endsWith('.webp')).toBe(true);
    expect(await dimensions(photo.image32)).toMatchObject({ width: 32, height: 24 });
    expect((await dimensions(photo.image)).width).toBe(1080);
  });

  it('answers the stored photo for a retried upload key (no second row)', async () => {
    const deposit = await vendorDeposit();
    const first = await upload(deposit, 'photo.png', { uploadKey: 'file-1-abc' });
    const again = await upload(deposit, 'photo.png', { uploadKey: 'file-1-abc' });
    expect(again.uuid).toBe(first.uuid);
    const [a, b] = await Promise.all([
      upload(deposit, 'photo.webp', { uploadKey: 'file-2' }),
      upload(deposit, 'photo.webp', { uploadKey: 'file-2' }),
    ]);
    expect(a.uuid).toBe(b.uuid);
    expect(await photoCount('deposit_image', deposit)).toBe(2);
    const third = await upload(deposit, 'photo.gif', { uploadKey: 'file-3' });
    expect(third.order).toBe(3);
  });

  it('keeps taken_at and the kind sent by the browser', async () => {
    const deposit = await vendorDeposit();
    const photo = await deposits().create({
      depositImage: { deposit, takenAt: { seconds: 1_700_000_000n, nanos: 0 }, cluster: 2 },
      imageContent: fixture('photo.webp'),
    });
    expect(photo.takenAt?.seconds).toBe(1_700_000_000n);
    expect(photo.cluster).toBe(2);
  });
});

describe('processing status', () => {
  it('marks a photo FAILED with the error when its variants cannot be stored', async () => {
    const deposit = await vendorDeposit();
    const stored: string[] = [];
    // The original is stored, then the store breaks down.
    const media: MediaStorage = {
      async put(_data, type) {
        if (stored.length) throw new Error('bucket unreachable');
        stored.push(type);
        return `ab/${'c'.repeat(64)}.png`;
      },
      get: async () => null,
      putVariant: async () => {},
    };
    const photo = (await createPhoto(
      db,
      media,
      DEPOSIT_PHOTOS,
      {
        message: { deposit },
        content: fixture('photo.png'),
        image256: new Uint8Array(),
        image32: new Uint8Array(),
        uploadKey: '',
        uploadedFrom: 'VENDOR',
      },
      async () => {},
    )) as unknown as DepositImage;
    expect(photo).toMatchObject({
      processingStatus: ProcessingStatus.FAILED,
      processingError: expect.stringContaining('bucket unreachable'),
      original: `ab/${'c'.repeat(64)}.png`,
      image: '',
    });
    const steps = [];
    for await (const step of deposits().streamProgression({ deposit })) steps.push(step.code);
    expect(steps).toEqual([StreamCode.PROGRESS, StreamCode.FINISH]);
  });
});

describe('rotation', () => {
  it('normalises the angle and serves the rotated image under its own URL', async () => {
    const photo = await upload(await vendorDeposit(), 'photo.png');
    expect(await deposits().rotate({ uuid: photo.uuid, targetRotation: 900 })).toMatchObject({
      success: true,
      newRotation: 180,
    });
    expect((await deposits().rotate({ uuid: photo.uuid, targetRotation: -90 })).newRotation).toBe(
      270,
    );
    const { newRotation } = await deposits().rotate({ uuid: photo.uuid, targetRotation: 450 });
    expect(newRotation).toBe(90);
    expect((await deposits().retrieve({ uuid: photo.uuid })).rotation).toBe(90);
    expect(await dimensions(photo.image)).toMatchObject({ width: 800, height: 600 });
    const turned = await dimensions(photo.image, 90);
    expect(turned).toMatchObject({ width: 600, height: 800 });
    expect(turned.response.headers.get('cache-control')).toContain('max-age=31536000');
    // The rotated copy is stored: asked again, it is the same bytes.
    expect(await dimensions(photo.image256, 270)).toMatchObject({ width: 192, height: 256 });
    expect((await fetch(`${t.server.url}/media/${photo.image}?rotation=45`)).status).toBe(404);
  });
});

describe('update', () => {
  it('changes what describes a photo, never its files, deposit, position or angle', async () => {
    const deposit = await vendorDeposit();
    const other = await vendorDeposit();
    const photo = await upload(deposit, 'photo.png');
    const second = await upload(deposit, 'photo.webp');
    const changed = await deposits().partialUpdate({
      depositImage: {
        uuid: photo.uuid,
        originalName: 'devant.png',
        cluster: 3,
        image: second.image,
        deposit: other,
        order: 9,
        rotation: 45,
      },
      updateMask: { paths: ['original_name', 'cluster', 'image', 'deposit', 'order', 'rotation'] },
    });
    expect(changed).toMatchObject({
      originalName: 'devant.png',
      cluster: 3,
      image: photo.image,
      deposit,
      order: photo.order,
      rotation: 0,
    });
    const full = await deposits().update({
      depositImage: { ...changed, image256: second.image256, originalName: 'dos.png' },
    });
    expect(full).toMatchObject({ originalName: 'dos.png', image256: photo.image256, deposit });
    expect(await photoCount('deposit_image', other)).toBe(0);
  });
});

describe('order', () => {
  it('reorders from 1, refuses a uuid of another list, and renumbers after a removal', async () => {
    const deposit = await vendorDeposit();
    const [a, b, c] = [
      await upload(deposit, 'photo.png'),
      await upload(deposit, 'photo.webp'),
      await upload(deposit, 'photo.gif'),
    ] as DepositImage[];
    const answer = await deposits().reorder({ deposit, uuids: [c!.uuid, a!.uuid, b!.uuid] });
    expect(answer.results.map((r) => [r.uuid, r.order])).toEqual([
      [c!.uuid, 1],
      [a!.uuid, 2],
      [b!.uuid, 3],
    ]);
    const foreign = await upload(await vendorDeposit(), 'photo.png');
    expect(
      await refusalOf(deposits().reorder({ deposit, uuids: [foreign.uuid, a!.uuid] })),
    ).toEqual({ code: Code.InvalidArgument, reason: 'INVALID_ARGUMENT' });
    await deposits().destroy({ uuid: a!.uuid });
    const left = await deposits().list({ deposit, ordering: 'order' });
    expect(left.results.map((r) => [r.uuid, r.order])).toEqual([
      [c!.uuid, 1],
      [b!.uuid, 2],
    ]);
    expect(await deposits().destroyForDeposit({ deposit, uuids: [] })).toEqual(
      expect.objectContaining({ success: true, deletedCount: 2 }),
    );
  });
});

describe('moves', () => {
  it('moves a deposit photo onto a product, then to another product of the same vendor', async () => {
    const deposit = await vendorDeposit();
    const [first, second] = [
      await upload(deposit, 'photo.png'),
      await upload(deposit, 'photo.webp'),
    ];
    await deposits().rotate({ uuid: first!.uuid, targetRotation: 90 });
    const product = await vendorProduct();
    await products().create({ productImage: { product }, imageContent: fixture('photo.gif') });
    const moved = await products().createFromDepositImage({
      product,
      depositImage: first!.uuid,
    });
    expect(moved).toMatchObject({ product, image: first!.image, order: 2, rotation: 90 });
    expect(await dimensions(moved.image32)).toMatchObject({ width: 32, height: 24 });
    const rest = await deposits().list({ deposit });
    expect(rest.results.map((r) => [r.uuid, r.order])).toEqual([[second!.uuid, 1]]);

    const other = await vendorProduct();
    const updated = await products().update({ productImage: { ...moved, product: other } });
    expect(updated).toMatchObject({ product: other, order: 1, image: moved.image });
    const left = await products().list({ product });
    expect(left.results.map((r) => r.order)).toEqual([1]);
    // The product's main image follows its first photo, rotation included.
    const mainImage = async (uuid: string) =>
      (await rows(sql`select main_image_url as url from product where uuid = ${uuid}`))[0]!.url;
    expect(await mainImage(other)).toBe(`/media/${moved.image}?rotation=90`);
    const [gif] = left.results;
    expect(await mainImage(product)).toBe(`/media/${gif!.image}`);
    await products().destroy({ uuid: gif!.uuid });
    expect(await mainImage(product)).toBeNull();
  });

  it('refuses moves to another vendor and changes on invoiced products', async () => {
    const deposit = await vendorDeposit();
    const photo = await upload(deposit, 'photo.png');
    const [foreignProduct] = await rows(sql`
      select p.uuid from product p join deposit d on d.uuid = p.deposit
      where d.vendor = ${records.companyVendorUuid} and p.sale_status <> 'FACTURED' limit 1`);
    expect(
      await refusalOf(
        t.client(ProductImageService, 'admin').createFromDepositImage({
          product: foreignProduct!.uuid as string,
          depositImage: photo.uuid,
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(
      await refusalOf(
        products().createFromDepositImage({
          product: foreignProduct!.uuid as string,
          depositImage: photo.uuid,
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });

    const invoiced = await vendorProduct();
    const image = await products().create({
      productImage: { product: invoiced },
      imageContent: fixture('photo.webp'),
    });
    await rows(sql`update product set sale_status = 'FACTURED' where uuid = ${invoiced}`);
    const refused = { code: Code.FailedPrecondition, reason: 'PRODUCT_INVOICED' };
    expect(
      await refusalOf(
        products().create({
          productImage: { product: invoiced },
          imageContent: fixture('photo.png'),
        }),
      ),
    ).toEqual(refused);
    expect(await refusalOf(products().rotate({ uuid: image.uuid, targetRotation: 90 }))).toEqual(
      refused,
    );
    expect(await refusalOf(products().destroy({ uuid: image.uuid }))).toEqual(refused);
    expect(
      await refusalOf(
        products().createFromDepositImage({ product: invoiced, depositImage: photo.uuid }),
      ),
    ).toEqual(refused);
    expect(
      await refusalOf(
        products().update({ productImage: { ...image, product: await vendorProduct() } }),
      ),
    ).toEqual(refused);
    expect(await photoCount('product_image', invoiced)).toBe(1);
  });
});

describe('scope', () => {
  it('keeps another vendor away and lets the customer add and change only their own photos', async () => {
    const deposit = await vendorDeposit();
    const vendorPhoto = await upload(deposit, 'photo.png');
    const company = t.client(DepositImageService, 'company');
    const forbidden = { code: Code.PermissionDenied, reason: 'FORBIDDEN' };
    expect(
      await refusalOf(
        company.create({ depositImage: { deposit }, imageContent: fixture('photo.png') }),
      ),
    ).toEqual(forbidden);
    expect(await refusalOf(company.rotate({ uuid: vendorPhoto.uuid, targetRotation: 90 }))).toEqual(
      forbidden,
    );
    expect(await refusalOf(company.reorder({ deposit, uuids: [] }))).toEqual(forbidden);

    const customer = t.client(DepositImageService, 'customer');
    const own = await customer.create({
      depositImage: { deposit },
      imageContent: fixture('photo.webp'),
    });
    expect(own).toMatchObject({ uploadedFrom: UploadedFrom.CUSTOMER, order: 2 });
    expect((await customer.rotate({ uuid: own.uuid, targetRotation: 180 })).newRotation).toBe(180);
    expect(
      await refusalOf(customer.rotate({ uuid: vendorPhoto.uuid, targetRotation: 90 })),
    ).toEqual(forbidden);
    expect(await refusalOf(customer.reorder({ deposit, uuids: [own.uuid] }))).toEqual(forbidden);
    expect((await customer.list({ deposit })).count).toBe(2);
    const product = await vendorProduct();
    expect(
      await refusalOf(
        t.client(ProductImageService, 'customer').create({
          productImage: { product },
          imageContent: fixture('photo.png'),
        }),
      ),
    ).toEqual(forbidden);
    expect(
      await refusalOf(
        t
          .client(DepositImageService)
          .create({ depositImage: { deposit }, imageContent: fixture('photo.png') }),
      ),
    ).toMatchObject({ code: Code.Unauthenticated });
  });
});

describe('streamed progression', () => {
  it('counts first, reports photos as they complete, then FINISH', async () => {
    const deposit = await vendorDeposit();
    await upload(deposit, 'photo.png');
    const stream = deposits().streamProgression({ deposit });
    const steps: { code: StreamCode; count: number; progress: number; results: number }[] = [];
    const uploads = Promise.all([
      upload(deposit, 'photo-iphone.heic'),
      upload(deposit, 'photo-12mp.jpg'),
    ]);
    for await (const step of stream)
      steps.push({
        code: step.code,
        count: step.count,
        progress: step.progress,
        results: step.results.length,
      });
    await uploads;
    expect(steps[0]).toMatchObject({ code: StreamCode.PROGRESS, progress: steps[0]!.count });
    expect(steps.at(-1)).toMatchObject({ code: StreamCode.FINISH });
    expect(steps.at(-1)!.count).toBe(steps.at(-1)!.progress);

    // With photos processing, the stream waits for them and delivers them as results.
    await rows(
      sql`update deposit_image set processing_status = 'PROCESSING' where deposit = ${deposit}`,
    );
    const delivered: number[] = [];
    const finishing = (async () => {
      for await (const step of deposits().streamProgression({ deposit })) {
        if (step.code === StreamCode.FINISH) return;
        delivered.push(step.results.length);
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    await rows(
      sql`update deposit_image set processing_status = 'COMPLETED' where deposit = ${deposit}`,
    );
    await finishing;
    expect(delivered[0]).toBe(0);
    expect(delivered.slice(1).reduce((a, b) => a + b, 0)).toBe(
      await photoCount('deposit_image', deposit),
    );
  });

  it('stops when the client aborts', async () => {
    const product = await vendorProduct();
    await products().create({ productImage: { product }, imageContent: fixture('photo.png') });
    await rows(
      sql`update product_image set processing_status = 'PENDING' where product = ${product}`,
    );
    const abort = new AbortController();
    const seen: StreamCode[] = [];
    let firstStep = () => {};
    const first = new Promise<void>((resolve) => (firstStep = resolve));
    const reading = (async () => {
      for await (const step of products().streamProgression(
        { product },
        { signal: abort.signal },
      )) {
        seen.push(step.code);
        firstStep();
      }
    })();
    await first;
    // The photo stays PENDING: only the abort can end this stream.
    await new Promise((r) => setTimeout(r, 300));
    abort.abort();
    expect(await refusalOf(reading)).toMatchObject({ code: Code.Canceled });
    expect(seen).toEqual([StreamCode.PROGRESS]);
    // The server's generator ended too: it no longer polls the database.
    await expect.poll(() => progressionProbe.active, { timeout: 3000 }).toBe(0);
  });
});

describe('public deposit form', () => {
  it('lets a visitor holding the draft token add photos to that draft only', async () => {
    const token = randomBytes(32).toString('base64url');
    const started = await t.client(PublicDepositService).start({
      contact: {
        firstName: 'Léa',
        lastName: 'Photo',
        email: `lea.photo.${Date.now()}@exemple.fr`,
        phoneNumber: '06 12 34 56 78',
        preferedContactWay: ContactWay.PHONE_CALL,
      },
      draftToken: token,
    });
    const visitor = (draftToken: string) =>
      createClient(
        DepositImageService,
        createConnectTransport({
          baseUrl: t.server.url,
          httpVersion: '1.1',
          interceptors: [
            (next) => (req) => {
              req.header.set(DRAFT_TOKEN_HEADER, draftToken);
              return next(req);
            },
          ],
        }),
      );
    const deposit = started.draft!.uuid;
    const photo = await visitor(token).create({
      depositImage: { deposit },
      imageContent: fixture('photo.webp'),
      uploadKey: 'visitor-1',
    });
    expect(photo).toMatchObject({ deposit, uploadedFrom: UploadedFrom.CUSTOMER, order: 1 });
    const other = await vendorDeposit();
    expect(
      await refusalOf(
        visitor(token).create({
          depositImage: { deposit: other },
          imageContent: fixture('photo.png'),
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(
      await refusalOf(
        visitor(randomBytes(32).toString('base64url')).create({
          depositImage: { deposit },
          imageContent: fixture('photo.png'),
        }),
      ),
    ).toEqual({ code: Code.PermissionDenied, reason: 'FORBIDDEN' });
    expect(
      await refusalOf(visitor(token).rotate({ uuid: photo.uuid, targetRotation: 90 })),
    ).toMatchObject({ code: Code.Unauthenticated });
  });
});
