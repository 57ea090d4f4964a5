import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app.ts';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductImageService } from '../../src/rpc/gen/seconde/v1/product_image_pb.ts';
import { signInWithPassword } from '../helpers/signIn.ts';

/** Every deposit status: the default list leaves abandoned and canceled deposits out. */
const EVERY_STATUS = Object.values(DepositStatus).filter(
  (s): s is DepositStatus => typeof s === 'number' && s !== DepositStatus.UNSPECIFIED,
);

let dataDir: string;
let staticDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'seconde-start-'));
  staticDir = await mkdtemp(path.join(tmpdir(), 'seconde-static-'));
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>Seconde</title>');
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await rm(staticDir, { recursive: true, force: true });
});

async function adminToken(server: Awaited<ReturnType<typeof startServer>>): Promise<string> {
  const { accessToken } = await signInWithPassword({
    issuer: server.issuer,
    clientId: server.clientId,
    redirectUri: `${server.url}/oidc-callback`,
    email: 'admin@seconde.test',
    password: 'demo',
    audience: server.audience,
  });
  return accessToken;
}

function clients(url: string, token: string) {
  const transport = createConnectTransport({
    baseUrl: url,
    httpVersion: '1.1',
    useBinaryFormat: true,
    interceptors: [
      (next) => (req) => {
        req.header.set('authorization', `Bearer ${token}`);
        return next(req);
      },
    ],
  });
  return {
    deposits: createClient(DepositService, transport),
    images: createClient(ProductImageService, transport),
  };
}

describe('the embedded defaults on a data folder (what `npm start` runs)', () => {
  it('creates, migrates and seeds the database on first start, and keeps it across a restart', async () => {
    const first = await startServer({
      port: 0,
      dataDir,
      staticDir,
      seed: 'demo',
      demoProducts: 120,
    });
    let depositUuid: string;
    try {
      const token = await adminToken(first);
      const { deposits } = clients(first.url, token);
      const list = await deposits.list({
        pagination: { page: 1, pageSize: 1 },
        ordering: 'name',
        statuses: EVERY_STATUS,
      });
      expect(list.count).toBe(150);
      depositUuid = list.results[0]!.uuid;
      await deposits.partialUpdate({
        deposit: { uuid: depositUuid, description: 'kept across restarts' },
        updateMask: { paths: ['description'] },
      });
    } finally {
      await first.close();
    }

    const second = await startServer({
      port: 0,
      dataDir,
      staticDir,
      seed: 'demo',
      demoProducts: 120,
    });
    try {
      // Same signing keys and same data: a new sign-in works and nothing was seeded twice.
      const token = await adminToken(second);
      const { deposits, images } = clients(second.url, token);
      expect((await deposits.list({ statuses: EVERY_STATUS })).count).toBe(150);
      expect((await deposits.retrieve({ uuid: depositUuid })).description).toBe(
        'kept across restarts',
      );

      const image = (await images.list({ pagination: { page: 1, pageSize: 1 } })).results[0]!;
      const photo = await fetch(`${second.url}/media/${image.image256}`);
      expect(photo.status).toBe(200);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
      expect(photo.headers.get('cache-control')).toContain('max-age');
      expect((await fetch(`${second.url}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);

      const config = (await (await fetch(`${second.url}/app-config.json`)).json()) as {
        oidc: { authority: string; clientId: string; scope: string };
      };
      expect(config.oidc).toEqual({
        authority: second.issuer,
        clientId: 'seconde-spa',
        scope: 'openid profile email offline_access',
      });
      // Deep links of the web app get the app, so the client router can take them.
      const deepLink = await fetch(`${second.url}/deposit/123`);
      expect(deepLink.status).toBe(200);
      expect(await deepLink.text()).toContain('<title>Seconde</title>');
    } finally {
      await second.close();
    }
  });
});
