import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../server/app.ts';
import { DepositService, DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import { ProductImageService } from '../../src/rpc/gen/seconde/v1/product_image_pb.ts';
import { demoToken, rpcClient } from '../helpers/demoClient.ts';

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

/** The calls the test makes, as admin@ signed in on this server. */
async function adminClients(server: Awaited<ReturnType<typeof startServer>>) {
  const token = await demoToken(server, 'admin@seconde.test');
  return {
    deposits: rpcClient(server.url, DepositService, token),
    images: rpcClient(server.url, ProductImageService, token),
  };
}

describe('the embedded defaults on a data folder (what `npm start` runs)', () => {
  it('creates, migrates and seeds the database on first start, and keeps it across a restart', async () => {
    const start = () =>
      startServer({ port: 0, dataDir, staticDir, seed: 'demo', demoProducts: 120 });
    const first = await start();
    let depositUuid: string;
    try {
      const { deposits } = await adminClients(first);
      const list = await deposits.list({
        pagination: { page: 1, pageSize: 1 },
        ordering: 'name',
        statuses: EVERY_STATUS,
      });
      // The 150 seeded deposits, less the 6 public-form drafts their visitors have not sent.
      expect(list.count).toBe(144);
      depositUuid = list.results[0]!.uuid;
      await deposits.partialUpdate({
        deposit: { uuid: depositUuid, description: 'kept across restarts' },
        updateMask: { paths: ['description'] },
      });
    } finally {
      await first.close();
    }

    const second = await start();
    try {
      // Same signing keys and same data: a new sign-in works and nothing was seeded twice.
      const { deposits, images } = await adminClients(second);
      expect((await deposits.list({ statuses: EVERY_STATUS })).count).toBe(144);
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
