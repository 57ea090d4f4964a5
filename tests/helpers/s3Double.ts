import { createHash, createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenHttpDouble, type HttpDouble } from './httpDouble.ts';

/** What the double holds and what it saw, for assertions. */
export interface S3Double extends HttpDouble {
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
  readonly objects: Map<string, { data: Buffer; contentType: string }>;
  /** Requests refused for a bad signature (count), so a test sees the check really ran. */
  readonly refusals: { signature: number };
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();

function xmlError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
  );
}

/**
 * A local stand-in for an S3-compatible store speaking the REST wire format (path-style PutObject
 * and GetObject, XML error bodies) that recomputes every request's Signature V4 from what arrived
 * on the wire, written apart from the server's signer so a shared mistake cannot hide.
 */
export async function startS3Double(bucket = 'photos'): Promise<S3Double> {
  const accessKeyId = 'AKIDSECONDETEST';
  const secretAccessKey = 'double-secret/key+with=odd chars';
  const region = 'eu-west-3';
  const objects = new Map<string, { data: Buffer; contentType: string }>();
  const refusals = { signature: 0 };

  const verify = (req: IncomingMessage, body: Buffer): string | null => {
    const auth = req.headers.authorization ?? '';
    const m =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!m) return 'AuthorizationHeaderMalformed';
    const [, keyId, day, reqRegion, signedHeaders, signature] = m;
    if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
    if (reqRegion !== region) return 'AuthorizationHeaderMalformed';
    const date = String(req.headers['x-amz-date'] ?? '');
    if (!date.startsWith(day!)) return 'AuthorizationHeaderMalformed';
    const payload = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payload !== sha256(body)) return 'XAmzContentSHA256Mismatch';
    const names = signedHeaders!.split(';');
    if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
    const url = new URL(req.url ?? '/', 'http://x');
    const query = [...url.searchParams.entries()]
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .sort()
      .join('&');
    const canonical = [
      req.method,
      url.pathname,
      query,
      names.map((n) => `${n}:${String(req.headers[n] ?? '').trim()}\n`).join(''),
      signedHeaders,
      payload,
    ].join('\n');
    const scope = `${day}/${region}/s3/aws4_request`;
    const toSign = `AWS4-HMAC-SHA256\n${date}\n${scope}\n${sha256(canonical)}`;
    const kDate = hmac(`AWS4${secretAccessKey}`, day!);
    const kSigning = hmac(hmac(hmac(kDate, region), 's3'), 'aws4_request');
    const expected = createHmac('sha256', kSigning).update(toSign).digest('hex');
    return expected === signature ? null : 'SignatureDoesNotMatch';
  };

  const double = await listenHttpDouble(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const refused = verify(req, body);
    if (refused) {
      if (refused === 'SignatureDoesNotMatch') refusals.signature++;
      return xmlError(res, 403, refused, 'The request signature does not check');
    }
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const prefix = `/${bucket}/`;
    if (!path.startsWith(prefix)) return xmlError(res, 404, 'NoSuchBucket', 'No such bucket');
    const key = path.slice(prefix.length);
    if (req.method === 'PUT') {
      objects.set(key, {
        data: body,
        contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
      });
      res.writeHead(200, { etag: `"${sha256(body).slice(0, 32)}"` }).end();
      return;
    }
    if (req.method === 'GET') {
      const found = objects.get(key);
      if (!found) return xmlError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      res.writeHead(200, {
        'content-type': found.contentType,
        'content-length': found.data.length,
      });
      res.end(found.data);
      return;
    }
    xmlError(res, 405, 'MethodNotAllowed', 'Method not allowed');
  });
  return { ...double, bucket, accessKeyId, secretAccessKey, region, objects, refusals };
}
