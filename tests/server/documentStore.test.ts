import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalDocumentStore,
  createS3DocumentStore,
  documentContentType,
  documentKey,
  isDocumentKey,
  type DocumentStore,
} from '../../server/documents/store.ts';
import { isMediaKey } from '../../server/media/storage.ts';
import { startS3Double, type S3Double } from '../helpers/s3Double.ts';

const uuid = '3f2b8c1e-9a47-4d2e-8b6f-0c1d2e3f4a5b';
const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7 ${text}`);

let dir: string;
let s3: S3Double;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'documents-test-'));
  s3 = await startS3Double('documents');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await s3.close();
});

describe('document keys', () => {
  it('are documents/<folder>/<year>/<uuid>.<ext>, never a photo key', () => {
    const key = documentKey('invoices', 2026, uuid.toUpperCase());
    expect(key).toBe(`documents/invoices/2026/${uuid}.pdf`);
    expect(isDocumentKey(key)).toBe(true);
    expect(isMediaKey(key)).toBe(false);
    expect(documentContentType(key)).toBe('application/pdf');
    expect(documentContentType(documentKey('sepa', 2026, uuid, 'xml'))).toBe('application/xml');
  });

  it('refuse anything else, so no path leaves the store', () => {
    for (const key of [
      `documents/invoices/2026/../../${uuid}.pdf`,
      `documents/other/2026/${uuid}.pdf`,
      `documents/invoices/26/${uuid}.pdf`,
      `documents/invoices/2026/${uuid}.exe`,
      `/etc/passwd`,
    ])
      expect(isDocumentKey(key)).toBe(false);
    expect(() => documentKey('invoices', 2026, '../x')).toThrow(/Not a document key/);
  });
});

function storeContract(name: string, make: () => DocumentStore) {
  describe(name, () => {
    it('gives back what it stored, and null for a key holding nothing', async () => {
      const store = make();
      const key = documentKey('invoices', 2026, uuid);
      await store.put(key, pdf('one'));
      expect(new TextDecoder().decode((await store.get(key))!)).toBe('%PDF-1.7 one');
      await store.put(key, pdf('two'));
      expect(new TextDecoder().decode((await store.get(key))!)).toBe('%PDF-1.7 two');
      expect(await store.get(documentKey('receipts', 2026, uuid))).toBeNull();
    });

    it('reads and writes no other key', async () => {
      const store = make();
      expect(await store.get('../secret.pdf')).toBeNull();
      await expect(store.put('ab/cd.pdf', pdf('x'))).rejects.toThrow(/Not a document key/);
    });
  });
}

storeContract('local folder', () => createLocalDocumentStore(dir));
storeContract('S3-compatible bucket', () =>
  createS3DocumentStore({
    endpoint: s3.base,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
  }),
);

describe('where they land', () => {
  it('keeps files under the folder, by kind and year', async () => {
    expect(await readdir(path.join(dir, 'documents', 'invoices', '2026'))).toEqual([`${uuid}.pdf`]);
  });

  it('puts objects in the bucket under the same keys, typed as PDF', () => {
    expect(s3.objects.get(`documents/invoices/2026/${uuid}.pdf`)?.contentType).toBe(
      'application/pdf',
    );
  });
});
