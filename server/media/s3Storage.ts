import { contentKey, contentTypeOfKey, isMediaKey, type MediaStorage } from './storage.ts';
import { amzDate, awsEncode, sha256Hex, signV4, type SigV4Credentials } from './sigv4.ts';

/** Where the bucket is and how to sign for it (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID...). */
export interface S3Settings extends SigV4Credentials {
  /** `https://s3.example.com` (path-style URLs: `<endpoint>/<bucket>/<key>`). */
  readonly endpoint: string;
  readonly bucket: string;
}

/**
 * Photos in an S3-compatible bucket (AWS, MinIO, Garage, Scaleway...), with the same
 * content-addressed keys as the local folder. Plain PutObject and GetObject signed with
 * Signature V4: no SDK, nothing to install.
 */
export function createS3MediaStorage(
  settings: S3Settings,
  clock: () => Date = () => new Date(),
): MediaStorage {
  const base = new URL(settings.endpoint.replace(/\/$/, '') + '/');
  const objectPath = (key: string) =>
    `${base.pathname}${awsEncode(settings.bucket)}/${awsEncode(key, true)}`;

  const send = async (method: 'GET' | 'PUT', key: string, body?: Uint8Array, type?: string) => {
    const path = objectPath(key);
    const payloadHash = sha256Hex(body ?? '');
    const date = amzDate(clock());
    const headers: Record<string, string> = {
      host: base.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': date,
      ...(type ? { 'content-type': type } : {}),
    };
    const { authorization } = signV4({ method, path, headers, payloadHash }, settings, date);
    const { host: _host, ...sent } = headers;
    return fetch(new URL(path, base), {
      method,
      headers: { ...sent, authorization },
      // Node's fetch takes any Uint8Array; the DOM typing wants an ArrayBuffer-backed one.
      ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
    });
  };

  const put = async (key: string, data: Uint8Array) => {
    const response = await send('PUT', key, data, contentTypeOfKey(key));
    if (!response.ok)
      throw new Error(`S3 PutObject ${key}: ${response.status} ${await response.text()}`);
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
      const response = await send('GET', key);
      if (response.status === 404) return null;
      if (!response.ok)
        throw new Error(`S3 GetObject ${key}: ${response.status} ${await response.text()}`);
      return {
        data: Buffer.from(await response.arrayBuffer()),
        contentType: contentTypeOfKey(key),
      };
    },
  };
}
