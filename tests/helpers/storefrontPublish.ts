import { ProductListingService } from '../../src/rpc/gen/seconde/v1/listing_pb.ts';
import {
  ProductService,
  SaleStatus,
  type Product,
} from '../../src/rpc/gen/seconde/v1/product_pb.ts';
import { PublisherService } from '../../src/rpc/gen/seconde/v1/publisher_pb.ts';
import { VendorConnectorService } from '../../src/rpc/gen/seconde/v1/vendor_connector_pb.ts';
import type { DemoRpc } from './demoClient.ts';

/**
 * Connects the vendor's storefront through the real call (no third party: it answers at once) and
 * answers the connector. The caller disconnects it at the end, since the other files expect the
 * demo vendors without a connected channel.
 */
export async function connectStorefront(vendor: DemoRpc, appUrl: string): Promise<string> {
  const { vendorConnector } = await vendor(VendorConnectorService).connect({
    publisherName: 'SECONDE_STOREFRONT',
    finalRedirectUri: `${appUrl}/edit-profile/connectors`,
  });
  if (!vendorConnector) throw new Error('The storefront connection answered no connector');
  return vendorConnector.uuid;
}

/**
 * Publishes one complete demo product of the vendor (ONLINE, and passing the completeness rules)
 * on its connected storefront through the real publish stream, and answers it. Products the
 * vendor's own tests create have no photo, which keeps them off the shop; a demo product has one.
 */
export async function publishCompleteProduct(
  vendor: DemoRpc,
  storefront: string,
): Promise<Product> {
  const online = await vendor(ProductService).list({
    pagination: { page: 1, pageSize: 50 },
    saleStatuses: [SaleStatus.ONLINE],
  });
  const check = await vendor(PublisherService).checkProducts({
    products: online.results.map((p) => p.uuid),
    vendorConnectors: [storefront],
  });
  const incomplete = new Set(check.incomplete.map((c) => c.product));
  const product = online.results.find((p) => !incomplete.has(p.uuid));
  if (!product) throw new Error('The vendor has no complete online product to publish');
  const errors: string[] = [];
  for await (const message of vendor(PublisherService).publishProducts({
    products: [product.uuid],
    vendorConnectors: [storefront],
    completeOnly: true,
  }))
    errors.push(...message.errors.map((e) => `${e.code} ${e.message}`));
  const listed = await vendor(ProductListingService).list({ product: product.uuid });
  if (!listed.results.some((l) => l.publisherName === 'SECONDE_STOREFRONT' && l.url))
    throw new Error(`The product could not be published: ${errors.join('; ')}`);
  return product;
}
