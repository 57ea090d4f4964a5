import type { ServiceDeps } from '../deps.ts';
import { AnnouncementService } from '../../../src/rpc/gen/seconde/v1/announcement_pb.ts';
import { ProductAnnouncementService } from '../../../src/rpc/gen/seconde/v1/product_announcement_pb.ts';
import { ProductListingService } from '../../../src/rpc/gen/seconde/v1/listing_pb.ts';
import { implement } from '../implement.ts';
import { announcementContext } from './announcementAccess.ts';
import { announcementHandlers } from './announcementService.ts';
import { listingKitHandlers } from './listingKit.ts';
import { productTextHandlers } from './productTexts.ts';

/**
 * Announcements (listing text templates, with their scopes and the vendor's favourite), product
 * texts written from them, and the main resale marketplace's listing kit.
 */
export function announcementCallsHandlers(deps: ServiceDeps) {
  const context = announcementContext(deps.db, deps.clock);
  return [
    implement(AnnouncementService, announcementHandlers(context)),
    implement(ProductAnnouncementService, productTextHandlers(context)),
    implement(ProductListingService, listingKitHandlers(context, deps)),
  ] as const;
}
