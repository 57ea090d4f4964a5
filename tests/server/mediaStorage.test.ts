import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { createS3MediaStorage } from '../../server/media/s3Storage.ts';
import {
  createLocalMediaStorage,
  variantKey,
  type MediaStorage,
} from '../../server/media/storage.ts';
import { DepositImageService } from '../../src/rpc/gen/seconde/v1/deposit_image_pb.ts';
import { startS3Double, type S3Double } from '../helpers/s3Double.ts';
import { startTestServer } from '../helpers/testServer.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** The same contract, whichever store holds the photos. */
function storageContract(name: string, make: () => MediaStorage) {
  describe(name, () => {
    it('stores by content and reads back what it stored', async () => {
      const media = make();
      const key = await media.put(bytes('jpeg bytes'), 'image/jpeg');
      expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{64}\.jpg$/);
      expect(await media.put(bytes('jpeg bytes'), 'image/jpeg')).toBe(key);
      const found = await media.get(key);
      expect(found?.contentType).toBe('image/jpeg');
      expect(Buffer.from(found!.data).toString()).toBe('jpeg bytes');
    });

    it('keeps originals of every accepted format and refuses SVG', async () => {
      const media = make();
      const key = await media.put(bytes('heic'), 'image/heic');
      expect(key.endsWith('.heic')).toBe(true);
      expect((await media.get(key))?.contentType).toBe('image/heic');
      await expect(media.put(bytes('<svg/>'), 'image/svg+xml')).rejects.toThrow();
    });

    it('answers null for a missing key and for anything not shaped like a key', async () => {
      const media = make();
      expect(await media.get(`ab/${'a'.repeat(64)}.jpg`)).toBeNull();
      expect(await media.get('../../etc/passwd')).toBeNull();
      expect(await media.get(`ab/${'a'.repeat(64)}.svg`)).toBeNull();
    });

    it('stores derived copies beside their source', async () => {
      const media = make();
      const key = await media.put(bytes('photo'), 'image/png');
      const rotated = variantKey(key, 'r90');
      expect(rotated).toMatch(/-r90\.png$/);
      await media.putVariant(rotated, bytes('rotated'));
      expect(Buffer.from((await media.get(rotated))!.data).toString()).toBe('rotated');
      await expect(media.putVariant('../x.png', bytes('no'))).rejects.toThrow();
    });
  });
}

let dir: string;
let s3: S3Double;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'media-test-'));
  s3 = await startS3Double();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await s3.close();
});

storageContract('local folder', () => createLocalMediaStorage(dir));
storageContract('S3-compatible bucket', () =>
  createS3MediaStorage({
    endpoint: s3.base,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
  }),
);

describe('S3 wire format', () => {
  it('puts objects under the bucket, path-style, with their content type', async () => {
    const media = createS3MediaStorage({
      endpoint: s3.base,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      region: s3.region,
    });
    const key = await media.put(bytes('webp'), 'image/webp');
    expect(s3.objects.get(key)?.contentType).toBe('image/webp');
  });

  it('is refused by the store when the secret is wrong (the double checks signatures)', async () => {
    const before = s3.refusals.signature;
    const media = createS3MediaStorage({
      endpoint: s3.base,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: 'not-the-secret',
      region: s3.region,
    });
    await expect(media.put(bytes('x'), 'image/jpeg')).rejects.toThrow(/SignatureDoesNotMatch/);
    await expect(media.get(`ab/${'b'.repeat(64)}.jpg`)).rejects.toThrow(/403/);
    expect(s3.refusals.signature).toBe(before + 2);
  });
});

describe('S3 settings', () => {
  const env = () => ({
    S3_ENDPOINT: s3.base,
    S3_BUCKET: s3.bucket,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_REGION: s3.region,
  });

  it('needs all four settings or none, with us-east-1 as the default region', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(() => loadConfig({ S3_ENDPOINT: 'http://s3.local' })).toThrow(/S3_BUCKET/);
    expect(loadConfig({ ...env(), S3_REGION: '' }).s3?.region).toBe('us-east-1');
  });

  it('makes the whole server keep its photos in the bucket when configured', async () => {
    const t = await startTestServer({ config: loadConfig(env()), demoProducts: 5 }, ['vendor']);
    try {
      const { vendorUuid } = await t.me('vendor');
      const { rows } = await (
        await import('kysely')
      ).sql<{ uuid: string }>`select uuid from deposit where vendor = ${vendorUuid}
        and status = 'PROGRESS' limit 1`.execute(t.server.db);
      const photo = await t.client(DepositImageService, 'vendor').create({
        depositImage: { deposit: rows[0]!.uuid },
        imageContent: new Uint8Array(
          await readFile(new URL('../fixtures/images/photo.png', import.meta.url)),
        ),
      });
      expect(s3.objects.has(photo.image)).toBe(true);
      expect(s3.objects.has(photo.image256)).toBe(true);
      const served = await fetch(`${t.server.url}/media/${photo.image}?rotation=90`);
      expect(served.status).toBe(200);
      expect(s3.objects.has(photo.image.replace('.png', '-r90.png'))).toBe(true);
    } finally {
      await t.close();
    }
  }, 120_000);
});
