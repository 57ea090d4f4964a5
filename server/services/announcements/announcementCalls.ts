import type { ServiceDeps, ServiceHandlers } from '../deps.ts';
import { announcementContext } from './announcementAccess.ts';
import { announcementHandlers } from './announcementService.ts';
import { listingKitHandlers } from './listingKit.ts';
import { productTextHandlers } from './productTexts.ts';

/**
 * Announcements (listing text templates, with their scopes and the vendor's favourite), product
 * texts written from them, and the main resale marketplace's listing kit.
 */
export function announcementCallsHandlers(deps: ServiceDeps): ServiceHandlers {
  const context = announcementContext(deps.db, deps.clock);
  return {
    'seconde.v1.AnnouncementService': announcementHandlers(context),
    'seconde.v1.ProductAnnouncementService': productTextHandlers(context),
    'seconde.v1.ProductListingService': listingKitHandlers(context, deps),
  };
}
