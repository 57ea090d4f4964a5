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

/**
 * Photos in an S3-compatible bucket (AWS, MinIO, Garage, Scaleway...), with the same
 * content-addressed keys as the local folder, through the official client: signing, retries and
 * the wire format are AWS's to keep right. Path-style addressing, since most compatible stores
 * do not answer bucket subdomains; checksums only where S3 requires them, which every
 * compatible store accepts.
 */
export function createS3MediaStorage(settings: S3Settings): MediaStorage {
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

  const put = async (key: string, data: Uint8Array) => {
    try {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentTypeOfKey(key) }),
      );
    } catch (error) {
      throw storeError('PutObject', key, error);
    }
  };

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
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) throw new Error(`S3 GetObject ${key}: no body`);
        const bytes = await object.Body.transformToByteArray();
        return {
          data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: contentTypeOfKey(key),
        };
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
          return null;
        throw storeError('GetObject', key, error);
      }
    },
  };
}
