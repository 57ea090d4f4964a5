import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { AnnouncementService } from '../../rpc/gen/seconde/v1/announcement_pb.ts';
import { ProductListingService } from '../../rpc/gen/seconde/v1/listing_pb.ts';
import { ProductAnnouncementService } from '../../rpc/gen/seconde/v1/product_announcement_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { favoriteUuid } from './announcementsLogic.ts';
import { listingKitMachine, type Kit } from './listingKitMachine.ts';
import {
  productTextMachine,
  type ListingText,
  type ProductTextData,
} from './productTextMachine.ts';

const PAGE = { page: 1, pageSize: 500 };
/** Time between two photo downloads, so the browser takes each one. */
const DOWNLOAD_GAP_MS = 400;

/** The product section's announcements, over AnnouncementService and ProductAnnouncementService. */
export function productTextLogic(clients: ClientFactory) {
  const announcements = clients.get(AnnouncementService);
  const texts = clients.get(ProductAnnouncementService);
  const saved = (t: { announcement: string; title: string; description: string }) => ({
    announcement: t.announcement,
    title: t.title,
    description: t.description,
  });
  return productTextMachine.provide({
    actors: {
      loadTexts: fromPromise<ProductTextData, { product: string }>(async ({ input, signal }) => {
        const [list, favorite, own] = await Promise.all([
          announcements.list({ pagination: PAGE, ordering: 'name', isActive: true }, { signal }),
          favoriteUuid(announcements, signal),
          texts.list(
            { pagination: PAGE, product: input.product },
            withFilters({ product: input.product }, { signal }),
          ),
        ]);
        const byAnnouncement: Record<string, ListingText> = {};
        for (const t of own.results)
          if (t.announcement)
            byAnnouncement[t.announcement] = { title: t.title, description: t.description };
        return {
          announcements: list.results.map((a) => ({ uuid: a.uuid, name: a.name })),
          favorite,
          texts: byAnnouncement,
        };
      }),
      generateText: fromPromise(
        async ({
          input,
          signal,
        }: {
          input: { product: string; announcement: string };
          signal: AbortSignal;
        }) => saved(await texts.generate(input, { signal })),
      ),
      saveText: fromPromise(
        async ({
          input,
          signal,
        }: {
          input: { product: string; announcement: string; text: ListingText };
          signal: AbortSignal;
        }) =>
          saved(
            await texts.updateOrCreate(
              {
                productAnnouncement: {
                  product: input.product,
                  announcement: input.announcement,
                  title: input.text.title.trim(),
                  description: input.text.description,
                },
              },
              { signal },
            ),
          ),
      ),
    },
  });
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** Downloads each photo in turn through a link, as the per-photo links do. */
async function downloadEach(urls: readonly string[], signal: AbortSignal): Promise<void> {
  for (const [i, url] of urls.entries()) {
    const link = document.createElement('a');
    link.href = url;
    link.download = `photo-${i + 1}${/\.\w{3,4}$/.exec(new URL(url).pathname)?.[0] ?? '.jpg'}`;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    if (i < urls.length - 1) await wait(DOWNLOAD_GAP_MS, signal);
  }
}

/** The listing kit card over ProductListingService, the clipboard and the browser's downloads. */
export function listingKitLogic(clients: ClientFactory) {
  const listings = clients.get(ProductListingService);
  return listingKitMachine.provide({
    actors: {
      loadKit: fromPromise<Kit, { product: string; announcement: string }>(
        async ({ input, signal }) => {
          const kit = await listings.getListingKit(input, { signal });
          return {
            title: kit.title,
            description: kit.description,
            price: kit.price,
            photoUrls: kit.photoUrls,
            searchUrl: kit.searchUrl,
            listingUrl: kit.listingUrl,
          };
        },
      ),
      writeClipboard: fromPromise<void, { text: string }>(async ({ input }) => {
        if (!navigator.clipboard) throw new Error('No clipboard in this browser');
        await navigator.clipboard.writeText(input.text);
      }),
      downloadPhotos: fromPromise<void, { urls: readonly string[] }>(({ input, signal }) =>
        downloadEach(input.urls, signal),
      ),
      recordListing: fromPromise<{ url: string }, { product: string; url: string; title: string }>(
        async ({ input, signal }) => {
          const listing = await listings.recordMarketplaceListing(input, { signal });
          return { url: listing.url };
        },
      ),
    },
  });
}
