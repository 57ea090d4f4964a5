import {
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { contentKey, contentTypeOfKey, isMediaKey, type MediaStorage } from './storage.ts';

/** Where the bucket is and the keys to reach it (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID...). */
export interface S3Settings {
  /** `https://s3.example.com` (path-style URLs: `<endpoint>/<bucket>/<key>`). */
  readonly endpoint: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
}

/** The status and S3 error code in the message, so a log line says what the store refused. */
function storeError(call: string, key: string, error: unknown): Error {
  if (!(error instanceof S3ServiceException)) return error as Error;
  const status = error.$metadata.httpStatusCode ?? 0;
  return new Error(`S3 ${call} ${key}: ${status} ${error.name}: ${error.message}`, {
    cause: error,
  });
}

/** Bytes in and out of one S3 bucket, with the store's errors named; what a key may be is the caller's. */
export interface S3Objects {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or null when the bucket has none under the key. */
  get(key: string): Promise<Uint8Array | null>;
}

/**
 * An S3-compatible bucket (AWS, MinIO, Garage, Scaleway...) through the official client: signing,
 * retries and the wire format are AWS's to keep right. Path-style addressing, since most
 * compatible stores do not answer bucket subdomains; checksums only where S3 requires them, which
 * every compatible store accepts.
 */
export function createS3Objects(settings: S3Settings): S3Objects {
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
  return {
    async put(key, data, contentType) {
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }),
        );
      } catch (error) {
        throw storeError('PutObject', key, error);
      }
    },
    async get(key) {
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

/** Photos in an S3 bucket, with the same content-addressed keys as the local folder. */
export function createS3MediaStorage(settings: S3Settings): MediaStorage {
  const objects = createS3Objects(settings);
  const put = (key: string, data: Uint8Array) => objects.put(key, data, contentTypeOfKey(key));

  return {
    async put(data, contentType) {
      const key = contentKey(data, contentType);
      await put(key, data);
      return key;
    },
    async putVariant(key, data) {
      if (!isMediaKey(key)) throw new Error(`Not a media key: ${key}`);
      await put(key, data);
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      const bytes = await objects.get(key);
      if (!bytes) return null;
      return {
        data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        contentType: contentTypeOfKey(key),
      };
    },
  };
}
