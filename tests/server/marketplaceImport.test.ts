import { Code } from '@connectrpc/connect';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { BackgroundImportService } from '../../src/rpc/gen/seconde/v1/background_import_pb.ts';
import {
  BackgroundTaskService,
  BackgroundTaskStatus,
  TaskName,
  type BackgroundTask,
} from '../../src/rpc/gen/seconde/v1/background_task_pb.ts';
import {
  doubleItems,
  startMarketplaceDouble,
  type MarketplaceDouble,
} from '../helpers/marketplaceDouble.ts';
import {
  refusalOf,
  startTestServer,
  type DemoUser,
  type TestServer,
} from '../helpers/testServer.ts';

let t: TestServer;
let double: MarketplaceDouble;
let vendorUuid: string;

beforeAll(async () => {
  double = await startMarketplaceDouble();
  t = await startTestServer(
    { demoProducts: 0, config: loadConfig({ MARKETPLACE_API_URL: double.apiUrl }) },
    ['vendor', 'company', 'trial', 'admin', 'customer'],
  );
  vendorUuid = (await t.me('vendor')).vendorUuid;
});
afterAll(async () => {
  await t?.close();
  await double?.close();
});
afterEach(() => {
  double.mode = 'ok';
});

const start = (who: DemoUser, profileUrl: string, vendor?: string) =>
  t.client(BackgroundImportService, who).importMarketplaceProfile({ profileUrl, vendor });

/** The task once it is over (COMPLETED or ERROR), as the admin's list shows it. */
async function finished(task: BackgroundTask): Promise<BackgroundTask> {
  const end = Date.now() + 20_000;
  for (;;) {
    const { results } = await t
      .client(BackgroundTaskService, 'admin')
      .list({ ownerObjectUuid: task.ownerObjectUuid, pagination: { pageSize: 200 } });
    const now = results.find((r) => r.uuid === task.uuid);
    if (
      now?.status === BackgroundTaskStatus.COMPLETED ||
      now?.status === BackgroundTaskStatus.ERROR
    )
      return now;
    if (Date.now() > end) throw new Error(`task still ${String(now?.status)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface ImportedProduct {
  name: string;
  resale_marketplace_id: string;
  brand_name: string | null;
  manual_brand: string | null;
  size_title: string | null;
  quality: string;
  suggested_price: number;
  sale_status: string;
  main_image_url: string;
  product_links: string[];
  deposit_name: string;
  deposit_status: string;
  is_imported: boolean;
}

async function importedProducts(vendor: string, depositName: string) {
  const { rows } = await sql<ImportedProduct>`
    select p.name, p.resale_marketplace_id, b.name as brand_name, p.manual_brand,
      s.title as size_title, p.quality::text as quality, p.suggested_price,
      p.sale_status::text as sale_status, p.main_image_url, p.product_links,
      d.name as deposit_name, d.status::text as deposit_status, d.is_imported
    from product p join deposit d on d.uuid = p.deposit
    left join brand b on b.uuid = p.brand left join product_size s on s.uuid = p.product_size
    where d.vendor = ${vendor} and d.name = ${depositName}
    order by p.resale_marketplace_id::bigint`.execute(t.server.db);
  return rows;
}

describe('BackgroundImportService.ImportMarketplaceProfile', () => {
  it('refuses an address that is not a marketplace profile, and queues nothing', async () => {
    const before = (await t.client(BackgroundTaskService, 'vendor').list({})).count;
    for (const address of [
      'julie',
      'https://www.vinted.fr/items/123-robe',
      'https://www.leboncoin.fr/member/123',
      '',
    ])
      expect(await refusalOf(start('vendor', address))).toEqual({
        code: Code.InvalidArgument,
        reason: 'PROFILE_URL_INVALID',
      });
    expect((await t.client(BackgroundTaskService, 'vendor').list({})).count).toBe(before);
  });

  it('imports the wardrobe into a deposit named after the profile, item by item', async () => {
    const { backgroundTask } = await start('vendor', 'vinted.fr/member/1001-julie?tab=closet');
    expect(backgroundTask).toMatchObject({
      taskName: TaskName.IMPORT_MARKETPLACE_PROFILE,
      label: 'https://www.vinted.fr/member/1001-julie',
      ownerObjectUuid: vendorUuid,
    });
    const done = await finished(backgroundTask!);
    expect(done).toMatchObject({
      status: BackgroundTaskStatus.COMPLETED,
      currentItemNumber: 5,
      totalItems: 5,
      progress: 100,
    });
    expect(done.progressMessages.at(-1)).toBe('5 item(s) imported, 0 already there.');
    const products = await importedProducts(vendorUuid, 'Vinted julie');
    const items = doubleItems(1001, 5);
    expect(products.map((p) => p.resale_marketplace_id)).toEqual(items.map((i) => String(i.id)));
    expect(products[0]).toMatchObject({
      name: items[0]!.title,
      brand_name: 'Zara',
      manual_brand: null,
      size_title: 'M',
      quality: 'VERY_GOOD',
      suggested_price: 5,
      sale_status: 'OFFLINE',
      main_image_url: items[0]!.photos[0]!.url,
      product_links: [items[0]!.url],
      deposit_status: 'DRAFT',
      is_imported: true,
    });
    // "sézane" finds Sézane; an unknown brand stays as typed; an unknown size is left empty.
    expect(products[1]).toMatchObject({ brand_name: 'Sézane', size_title: '38' });
    expect(products[1]!.quality).toBe('NEW_WITH_TICKET');
    expect(products[2]).toMatchObject({
      brand_name: null,
      manual_brand: 'Marque Inconnue',
      size_title: null,
    });
    expect(products[4]).toMatchObject({ brand_name: null, manual_brand: null });
  });

  it('skips what an earlier import brought in, so a re-run adds only new items', async () => {
    const again = await finished(
      (await start('vendor', 'https://www.vinted.fr/member/1001-julie')).backgroundTask!,
    );
    expect(again.status).toBe(BackgroundTaskStatus.COMPLETED);
    expect(again.progressMessages.at(-1)).toBe('0 item(s) imported, 5 already there.');
    expect(await importedProducts(vendorUuid, 'Vinted julie')).toHaveLength(5);

    double.members.set('1001', { items: doubleItems(1001, 7) });
    try {
      const more = await finished(
        (await start('vendor', 'https://www.vinted.fr/member/1001-julie')).backgroundTask!,
      );
      expect(more.progressMessages.at(-1)).toBe('2 item(s) imported, 5 already there.');
      expect(await importedProducts(vendorUuid, 'Vinted julie')).toHaveLength(7);
    } finally {
      double.members.set('1001', { items: doubleItems(1001, 5) });
    }
  });

  it('reads every page of a large wardrobe', async () => {
    double.requests.length = 0;
    const done = await finished(
      (await start('vendor', 'https://www.vinted.be/member/1002')).backgroundTask!,
    );
    expect(done).toMatchObject({
      status: BackgroundTaskStatus.COMPLETED,
      currentItemNumber: 130,
      totalItems: 130,
    });
    expect(double.requests).toEqual(['1002:1', '1002:2']);
    expect(await importedProducts(vendorUuid, 'Vinted 1002')).toHaveLength(130);
  });

  it.each([
    ['fail', '1001-julie', 'The marketplace could not be reached'],
    ['badJson', '1001-julie', 'The marketplace answered something unexpected'],
    ['ok', '999-nobody', 'The marketplace profile was not found.'],
  ] as const)(
    'ends in ERROR when the marketplace answers %s (%s)',
    async (mode, member, message) => {
      double.mode = mode;
      const done = await finished(
        (await start('vendor', `https://www.vinted.fr/member/${member}`)).backgroundTask!,
      );
      expect(done.status).toBe(BackgroundTaskStatus.ERROR);
      expect(done.progressMessages.at(-1)).toContain(message);
    },
  );

  it('keeps each caller to their own stock, behind the plan gate', async () => {
    const profile = 'https://www.vinted.fr/member/1001-julie';
    const trialUuid = (await t.me('trial')).vendorUuid;
    expect(await refusalOf(start('vendor', profile, trialUuid))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    expect(await refusalOf(start('customer', profile))).toEqual({
      code: Code.PermissionDenied,
      reason: 'FORBIDDEN',
    });
    // company@'s subscription has expired: the subscription modal's refusal.
    expect(await refusalOf(start('company', profile))).toEqual({
      code: Code.PermissionDenied,
      reason: 'SUBSCRIPTION_UPDATE_NEEDED',
    });
    // Staff import for the vendor they name, into that vendor's stock.
    const forTrial = await finished((await start('admin', profile, trialUuid)).backgroundTask!);
    expect(forTrial.ownerObjectUuid).toBe(trialUuid);
    expect(await importedProducts(trialUuid, 'Vinted julie')).toHaveLength(5);
  });
});
