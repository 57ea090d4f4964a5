import { createHash, createHmac } from 'node:crypto';

/** Credentials and scope of an S3-compatible service. */
export interface SigV4Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
  readonly service?: string;
}

/** One request to sign: its method, path (already URI-encoded), query and headers. */
export interface SigV4Request {
  readonly method: string;
  readonly path: string;
  /** Query parameters, unencoded. */
  readonly query?: Readonly<Record<string, string>>;
  /** Headers to sign (host included), any case. */
  readonly headers: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body (also sent as x-amz-content-sha256). */
  readonly payloadHash: string;
}

export const sha256Hex = (data: Uint8Array | string): string =>
  createHash('sha256').update(data).digest('hex');

const hmac = (key: Uint8Array | string, data: string): Buffer =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as AWS wants it (every byte but A-Z a-z 0-9 - _ . ~). */
export function awsEncode(value: string, keepSlash = false): string {
  const encoded = encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return keepSlash ? encoded.replace(/%2F/g, '/') : encoded;
}

/** `20130524T000000Z` */
export function amzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * AWS Signature Version 4 of one request (the algorithm S3 and its compatible stores check):
 * canonical request, string to sign, derived key, signature. Answers the Authorization header.
 */
export function signV4(
  request: SigV4Request,
  credentials: SigV4Credentials,
  date: string,
): { authorization: string; signature: string; signedHeaders: string } {
  const service = credentials.service ?? 's3';
  const day = date.slice(0, 8);
  const headers = Object.entries(request.headers)
    .map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = headers.map(([k]) => k).join(';');
  const query = Object.entries(request.query ?? {})
    .map(([k, v]) => [awsEncode(k), awsEncode(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonical = [
    request.method,
    request.path,
    query,
    headers.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonical)].join('\n');
  const dayKey = hmac(`AWS4${credentials.secretAccessKey}`, day);
  const key = hmac(hmac(hmac(dayKey, credentials.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return {
    signature,
    signedHeaders,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
