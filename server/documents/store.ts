import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createS3Objects, type S3Settings } from '../media/s3Storage.ts';

/**
 * Where issued documents (invoices, credit notes, statements, payout receipts) are kept: a folder
 * of the data directory by default, the S3 bucket when one is configured. Unlike photos they are
 * private: nothing serves this store over HTTP (the /media route only reads photo keys, a shape no
 * document key has), and every download goes through an RPC the authorisation table checks.
 */
export interface DocumentStore {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The stored bytes, or null when the key holds nothing. */
  get(key: string): Promise<Uint8Array | null>;
}

/** What a stored document is, as its key's first part says. */
export type DocumentFolder = 'invoices' | 'receipts' | 'sepa' | 'labels';

const EXTENSIONS = { pdf: 'application/pdf', xml: 'application/xml' } as const;
export type DocumentExtension = keyof typeof EXTENSIONS;

/**
 * The exact shape of a key: `documents/<folder>/<year>/<uuid>.<pdf|xml>`. Nothing else is read or
 * written, so no path leaves the store, and no key can be mistaken for a photo's.
 */
export const DOCUMENT_KEY =
  /^documents\/(invoices|receipts|sepa|labels)\/\d{4}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|xml)$/;

export function isDocumentKey(key: string): boolean {
  return DOCUMENT_KEY.test(key);
}

/** The key of one document: its folder, the year it was issued, its row's uuid. */
export function documentKey(
  folder: DocumentFolder,
  year: number,
  uuid: string,
  extension: DocumentExtension = 'pdf',
): string {
  const key = `documents/${folder}/${year}/${uuid.toLowerCase()}.${extension}`;
  if (!isDocumentKey(key)) throw new Error(`Not a document key: ${key}`);
  return key;
}

/** The media type a document key stands for, from its extension. */
export function documentContentType(key: string): string {
  const ext = key.split('.').pop() as DocumentExtension;
  return EXTENSIONS[ext] ?? 'application/octet-stream';
}

export function createLocalDocumentStore(root: string): DocumentStore {
  return {
    async put(key, data) {
      if (!isDocumentKey(key)) throw new Error(`Not a document key: ${key}`);
      const file = path.join(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async get(key) {
      if (!isDocumentKey(key)) return null;
      try {
        return new Uint8Array(await readFile(path.join(root, key)));
      } catch {
        return null;
      }
    },
  };
}

/** The same keys in the S3 bucket photos use; objects are written without any public ACL. */
export function createS3DocumentStore(settings: S3Settings): DocumentStore {
  const objects = createS3Objects(settings);
  return {
    async put(key, data) {
      if (!isDocumentKey(key)) throw new Error(`Not a document key: ${key}`);
      await objects.put(key, data, documentContentType(key));
    },
    async get(key) {
      if (!isDocumentKey(key)) return null;
      return objects.get(key);
    },
  };
}
