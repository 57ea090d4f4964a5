import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../media/s3Storage.ts';

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
export type DocumentFolder = 'invoices' | 'receipts' | 'sepa';

const EXTENSIONS = { pdf: 'application/pdf', xml: 'application/xml' } as const;
export type DocumentExtension = keyof typeof EXTENSIONS;

/**
 * The exact shape of a key: `documents/<folder>/<year>/<uuid>.<pdf|xml>`. Nothing else is read or
 * written, so no path leaves the store, and no key can be mistaken for a photo's.
 */
export const DOCUMENT_KEY =
  /^documents\/(invoices|receipts|sepa)\/\d{4}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|xml)$/;

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
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  const storeError = (call: string, key: string, error: unknown): Error => {
    if (!(error instanceof S3ServiceException)) return error as Error;
    const status = error.$metadata.httpStatusCode ?? 0;
    return new Error(`S3 ${call} ${key}: ${status} ${error.name}: ${error.message}`, {
      cause: error,
    });
  };
  return {
    async put(key, data) {
      if (!isDocumentKey(key)) throw new Error(`Not a document key: ${key}`);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key,
            Body: data,
            ContentType: documentContentType(key),
          }),
        );
      } catch (error) {
        throw storeError('PutObject', key, error);
      }
    },
    async get(key) {
      if (!isDocumentKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) throw new Error(`S3 GetObject ${key}: no body`);
        return await object.Body.transformToByteArray();
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
          return null;
        throw storeError('GetObject', key, error);
      }
    },
  };
}
