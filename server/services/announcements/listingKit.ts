import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql } from 'kysely';
import { rowToMessage } from '../../crud/rowMapping.ts';
import { fail } from '../../rpc/reasons.ts';
import {
  checkListingUrl,
  marketplaceSearchUrl,
  type ListingUrlProblem,
} from '../../../src/domain/announcements/marketplaceListing.ts';
import { isSaleStatus, type SaleStatus } from '../../../src/domain/deposit/statuses.ts';
import { MANUAL_MARKETPLACE } from '../../../src/domain/publishing/channels.ts';
import {
  ListingKitSchema,
  ProductListingSchema,
  type GetListingKitRequest,
  type RecordMarketplaceListingRequest,
} from '../../../src/rpc/gen/seconde/v1/listing_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { checkAgainstDeposit } from '../deposit/rules/productRules.ts';
import { lockDepositStatus, tableColumns } from '../deposit/rules/ruleSql.ts';
import { mediaUrl, requireInventoryWriter, rowInScope } from '../products/productRows.ts';
import { isInvoiced } from '../products/writeRules.ts';
import { recordProductEvent } from '../publishing/timeline.ts';
import { requireAnnouncement, type AnnouncementContext, type Row } from './announcementAccess.ts';
import { announcementFor, productValues, textOf, writeText } from './productTexts.ts';

const URL_MESSAGES: Record<ListingUrlProblem, string> = {
  required: 'The listing link is required',
  invalid: 'The listing link is not a web address',
  wrongDomain: 'The listing link must be on the marketplace (vinted.fr, vinted.com…)',
};

/** Sale statuses a recorded listing puts ONLINE; ONLINE and RESERVED stay as they are. */
const GOES_ONLINE: readonly (SaleStatus | undefined)[] = ['OFFLINE', 'READY', undefined];
const STAYS: readonly SaleStatus[] = ['ONLINE', 'RESERVED'];

export function listingKitHandlers(context: AnnouncementContext, deps: ServiceDeps) {
  const { db } = context;
  const absolute = (image: unknown) => {
    const path = mediaUrl(image);
    return path === '' || /^https?:/i.test(path)
      ? path
      : `${deps.publicUrl().replace(/\/$/, '')}${path}`;
  };

  /** The text the kit shows: the product's saved one, else one written on the fly (not stored). */
  async function kitText(
    caller: Parameters<typeof announcementFor>[1],
    product: Row,
    named: string,
  ) {
    const uuid = product.uuid as string;
    if (named) {
      const announcement = await requireAnnouncement(db, named, caller, 'read');
      const saved = await textOf(db, uuid, named);
      return saved ?? writeText(announcement, await productValues(db, product));
    }
    const current = product.announcement_uuid as string | null;
    const saved =
      (current ? await textOf(db, uuid, current) : undefined) ?? (await latestText(uuid));
    if (saved) return saved;
    const announcement = await announcementFor(db, caller, product, '');
    return writeText(announcement, await productValues(db, product));
  }

  async function latestText(product: string) {
    const { rows } = await sql<Row>`
      select * from product_announcement where product = ${product}
      order by updated_at desc limit 1`.execute(db);
    return rows[0];
  }

  return {
    /** Everything the vendor needs to list a product by hand on the main resale marketplace. */
    async getListingKit(req: GetListingKitRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      const product = await rowInScope(db, 'product', req.product, caller, 'read');
      const text = await kitText(caller, product, req.announcement);
      const title = String(text.title ?? '');
      const { rows: images } = await sql<{ image: string | null }>`
        select image from product_image where product = ${req.product} and image is not null
        order by "order", created_at`.execute(db);
      const photos = images.length ? images.map((i) => i.image) : [product.main_image_url];
      const { rows: listings } = await sql<{ url: string | null }>`
        select url from product_listing where product = ${req.product}
          and vendor_connector is null and publisher_name = ${MANUAL_MARKETPLACE}`.execute(db);
      return create(ListingKitSchema, {
        title,
        description: String(text.description ?? ''),
        price: Number(product.suggested_price ?? 0),
        photoUrls: photos.map(absolute).filter(Boolean),
        searchUrl: marketplaceSearchUrl(deps.marketplaceApiUrl, title),
        listingUrl: listings[0]?.url ?? '',
      });
    },

    /**
     * Records the listing the vendor made by hand: the link (on the marketplace's domain), the
     * title in the product's marketplace title field, a line on the timeline, and the product
     * ONLINE through the deposit rules when it was not for sale yet. A refusal of the rules
     * (deposit inventory not validated…) records nothing, so the product never shows a listing
     * it may not have.
     */
    async recordMarketplaceListing(req: RecordMarketplaceListingRequest, ctx: HandlerContext) {
      const caller = requireInventoryWriter(ctx);
      const checked = checkListingUrl(req.url);
      if (!checked.ok)
        throw fail(Code.InvalidArgument, 'INVALID_ARGUMENT', URL_MESSAGES[checked.problem]);
      const { url } = checked;
      return context.write(async (trx) => {
        const before = await rowInScope(trx, 'product', req.product, caller, 'write');
        // The deposit is locked before the product, as every sale-status change does.
        const deposit = before.deposit as string | null;
        if (deposit) await lockDepositStatus(trx, deposit, 'for share');
        const product = await rowInScope(
          trx,
          'product',
          req.product,
          caller,
          'write',
          'for update',
        );
        if (isInvoiced(product))
          throw fail(
            Code.FailedPrecondition,
            'PRODUCT_INVOICED',
            'An invoiced product cannot be modified',
          );
        const from = isSaleStatus(product.sale_status) ? product.sale_status : undefined;
        const goesOnline = GOES_ONLINE.includes(from);
        if (!goesOnline && !(from && STAYS.includes(from)))
          throw fail(
            Code.FailedPrecondition,
            'NOT_AVAILABLE',
            'This product is no longer for sale',
          );
        if (goesOnline) await checkAgainstDeposit(trx, product.deposit, from, 'ONLINE');
        const now = context.clock();
        const title = req.title.trim() || (product.marketplace_title as string | null);
        await sql`
          update product set marketplace_title = ${title},
            product_links = case when ${url} = any(coalesce(product_links, '{}')) then product_links
              else array_append(coalesce(product_links, '{}'), ${url}) end,
            ${goesOnline ? sql`sale_status = 'ONLINE', sale_status_modified = ${now},` : sql``}
            online_datetime = coalesce(online_datetime, ${now}),
            updated_at = now(), row_version = row_version + 1
          where uuid = ${req.product}`.execute(trx);
        const { rows } = await sql<Row>`
          insert into product_listing (product, vendor_connector, publisher_name, url, status, listed_at)
          values (${req.product}, null, ${MANUAL_MARKETPLACE}, ${url}, 'LISTED', ${now})
          on conflict (product, publisher_name) where vendor_connector is null
          do update set url = excluded.url, status = 'LISTED', listed_at = excluded.listed_at,
            error = null, withdrawn_at = null, withdraw_reason = null,
            updated_at = now(), row_version = product_listing.row_version + 1
          returning *`.execute(trx);
        await recordProductEvent(trx, {
          product: req.product,
          kind: 'RECORDED',
          publisherName: MANUAL_MARKETPLACE,
          url,
          detail: title,
          at: now,
        });
        const columns = tableColumns(await context.schema(), 'product_listing');
        return rowToMessage(ProductListingSchema, columns, rows[0]!);
      });
    },
  };
}
