import type { ServiceDeps, ServiceHandlers } from '../deps.ts';

/** AnnouncementService favourites, ProductAnnouncementService Generate and UpdateOrCreate. */
export function announcementCallsHandlers(_deps: ServiceDeps): ServiceHandlers {
  return {};
}
