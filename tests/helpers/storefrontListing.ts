import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.gen.ts';
import { storefrontConnector } from '../../server/services/publishing/connectors/storefront.ts';
import type { ServiceDeps } from '../../server/services/deps.ts';
import { DepositStatus } from '../../src/rpc/gen/seconde/v1/deposit_pb.ts';
import {
  ProductQuality,
  ProductService,
  SaleStatus,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { depositWalkedTo } from './depositWalk.ts';
import type { TestServer } from './testServer.ts';

/**
 * Lists a product on its vendor's shop as a publication would, without the publish task: the
 * storefront connector gives the vendor a shop address and the product's page, and the listing row
 * is written LISTED. Answers the product's shop address.
 */
export async function listOnStorefront(
  db: Kysely<Database>,
  publicUrl: string,
  product: { uuid: string; vendor: string },
): Promise<string> {
  const deps = { db, publicUrl: () => publicUrl } as unknown as ServiceDeps;
  const ref = await storefrontConnector(deps).publish(
    {
      productUuid: product.uuid,
      sku: product.uuid,
      title: '',
      description: '',
      priceCents: 0,
      currency: 'EUR',
      brand: null,
      size: null,
      quality: 'GOOD',
      categoryName: null,
      colors: [],
      photoUrls: [],
    },
    {
      connectorUuid: '',
      vendorUuid: product.vendor,
      accessToken: null,
      shop: null,
      accountName: null,
    },
    new AbortController().signal,
  );
  await sql`
    insert into product_listing (product, publisher_name, external_id, url, status, listed_at)
    values (${product.uuid}, 'SECONDE_STOREFRONT', ${ref.externalId}, ${ref.url}, 'LISTED', now())
    on conflict do nothing`.execute(db);
  return ref.url;
}

export interface StorefrontProductOptions {
  readonly vendor?: string;
  /** The deposit's status (INLINE unless told). */
  readonly status?: DepositStatus;
  readonly price?: number;
  /** false: ONLINE but not on the shop. */
  readonly listed?: boolean;
  /** A product announcement with this description. */
  readonly announcement?: string;
}

export interface StorefrontProduct {
  readonly uuid: string;
  readonly name: string;
  readonly deposit: string;
  /** Its shop page ('' when not listed). */
  readonly url: string;
}

let counter = 0;

/**
 * A product of the vendor in a deposit of its own walked to INLINE (or `status`), ONLINE, with two
 * photos (stored in reverse order, so their order is what sorts them), listed on the shop.
 */
export async function storefrontProduct(
  t: TestServer,
  options: StorefrontProductOptions & { vendor: string },
): Promise<StorefrontProduct> {
  const n = `${process.pid}-${++counter}`;
  const deposit = await depositWalkedTo(t, options.status ?? DepositStatus.INLINE, {
    name: `Boutique ${n} ${Date.now()}`,
    vendor: options.vendor,
  });
  const name = `Veste boutique ${n}`;
  const product = await t.client(ProductService, 'admin').create({
    product: {
      deposit: deposit.uuid,
      name,
      suggestedPrice: options.price ?? 12.5,
      quality: ProductQuality.VERY_GOOD,
      saleStatus: SaleStatus.ONLINE,
    },
  });
  const db = t.server.db;
  for (const order of [2, 1])
    await sql`insert into product_image (product, image, image256, "order", processing_status)
      values (${product.uuid}, ${`shop/${n}-${order}.jpg`}, ${`shop/${n}-${order}-256.jpg`}, ${order},
        'COMPLETED')`.execute(db);
  if (options.announcement)
    await sql`insert into product_announcement (product, title, description)
      values (${product.uuid}, ${name}, ${options.announcement})`.execute(db);
  const url =
    options.listed === false
      ? ''
      : await listOnStorefront(db, t.server.url, { uuid: product.uuid, vendor: options.vendor });
  return { uuid: product.uuid, name, deposit: deposit.uuid, url };
}
