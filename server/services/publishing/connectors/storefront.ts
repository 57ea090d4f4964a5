import type { ServiceDeps } from '../../deps.ts';
import type { ChannelConnector } from '../connector.ts';
import { ensureShopSlug, shopUrl } from '../../storefront/shopSlug.ts';

/**
 * The SECONDE_STOREFRONT channel: the vendor's own public shop page, served by this server. There
 * is nothing to send anywhere: a product shows on the shop while its storefront listing is LISTED
 * and the product ONLINE, so publishing only gives the vendor a shop address (on first use) and
 * answers the product's page, and withdrawing has nothing external to undo.
 */
export function storefrontConnector(deps: ServiceDeps): ChannelConnector {
  return {
    publisher: 'SECONDE_STOREFRONT',
    async publish(item, account) {
      const slug = await ensureShopSlug(deps.db, account.vendorUuid);
      return {
        externalId: item.productUuid,
        url: shopUrl(deps.publicUrl(), slug, item.productUuid),
        sku: item.sku,
      };
    },
    async withdraw() {
      // The listing's status, which the caller sets, is what hides the product.
    },
  };
}
