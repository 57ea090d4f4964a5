import { Code } from '@connectrpc/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.gen.ts';
import { isPublisherName, type PublisherName } from '../../../src/domain/publishing/channels.ts';
import {
  missingForPublication,
  publishRequestProblems,
  type CompletenessCode,
  type QualityLabel,
} from '../../../src/domain/publishing/completeness.ts';
import { requireUuid } from '../../crud/crudService.ts';
import type { Caller } from '../../rpc/caller.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ConnectorAccount } from './connector.ts';

/** A vendor connector as the publication needs it. */
export interface PublishConnector {
  readonly uuid: string;
  readonly vendor: string;
  readonly publisher: string;
  readonly active: boolean;
  /** Authorised on its channel; the storefront is ours and counts as connected once active. */
  readonly connected: boolean;
  readonly account: ConnectorAccount;
}

/** What is wrong with a publication request itself (CheckPublishResponse.problems). */
export type PublishProblem =
  | 'NO_PUBLISHERS'
  | 'NO_PRODUCTS'
  | 'CONNECTOR_INACTIVE'
  | 'CONNECTOR_NOT_CONNECTED'
  | 'CONNECTOR_UNKNOWN';

export interface IncompleteProduct {
  readonly product: string;
  readonly reference: string;
  readonly name: string;
  readonly missing: readonly CompletenessCode[];
}

export interface PublishCheck {
  /** The vendor whose products and connectors these are (the caller, or the vendor staff act for). */
  readonly vendor: string | null;
  readonly connectors: readonly PublishConnector[];
  readonly problems: readonly PublishProblem[];
  readonly incomplete: readonly IncompleteProduct[];
  /** Complete products, in the order asked. */
  readonly complete: readonly string[];
  /** Product-and-connector pairs already LISTED. */
  readonly alreadyListed: number;
}

const unique = (values: readonly string[]) => [...new Set(values.filter((v) => v !== ''))];

/** Only vendors (for themselves) and admin-level staff (for a vendor) publish. */
export function requirePublisher(caller: Caller): void {
  if (!caller.isAdminLevel && !caller.vendorUuid)
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'Only vendors publish products');
}

async function loadConnectors(
  db: Kysely<Database>,
  uuids: readonly string[],
): Promise<PublishConnector[]> {
  if (uuids.length === 0) return [];
  const { rows } = await sql<{
    uuid: string;
    vendor: string | null;
    publisher_name: string | null;
    is_active: boolean;
    connected: boolean;
    access_token: string | null;
    shop: string | null;
    account_name: string | null;
  }>`
    select uuid, vendor, publisher_name, is_active, connected, access_token, shop, account_name
    from vendor_connector where uuid = any(${uuids}::uuid[])`.execute(db);
  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  return uuids.map((uuid) => {
    const r = byUuid.get(uuid);
    if (!r) throw fail(Code.NotFound, 'NOT_FOUND', `Vendor connector ${uuid} not found`);
    const publisher = r.publisher_name ?? '';
    return {
      uuid,
      vendor: r.vendor ?? '',
      publisher,
      active: r.is_active,
      connected: r.connected || (r.is_active && publisher === 'SECONDE_STOREFRONT'),
      account: {
        connectorUuid: uuid,
        vendorUuid: r.vendor ?? '',
        accessToken: r.access_token,
        shop: r.shop,
        accountName: r.account_name,
      },
    };
  });
}

interface CompletenessRow {
  uuid: string;
  reference: string | null;
  name: string | null;
  vendor: string | null;
  deposit_status: string | null;
  has_image: boolean;
  category: string | null;
  manual_category: string | null;
  brand: string | null;
  manual_brand: string | null;
  product_size: string | null;
  isbn: string | null;
  video_game_rating: string | null;
  quality: string | null;
  suggested_price: number | null;
  category_known: boolean;
  show_color: boolean;
  show_size: boolean;
  show_measurements: boolean;
  show_brand: boolean;
  show_author: boolean;
  show_book_title: boolean;
  show_isbn: boolean;
  show_video_game_rating: boolean;
  skip_price_limit: boolean;
}

/** Everything the completeness rules read, for every product at once (one statement). */
async function completenessRows(
  db: Kysely<Database>,
  uuids: readonly string[],
): Promise<CompletenessRow[]> {
  if (uuids.length === 0) return [];
  const { rows } = await sql<CompletenessRow>`
    select p.uuid, p.reference, p.name, d.vendor, d.status::text as deposit_status,
      exists (select 1 from product_image i where i.product = p.uuid and i.image is not null)
        as has_image,
      p.category, p.manual_category, p.brand, p.manual_brand, p.product_size, p.isbn,
      p.video_game_rating, p.quality::text as quality, p.suggested_price,
      c.uuid is not null as category_known,
      coalesce(c.show_color, false) as show_color, coalesce(c.show_size, false) as show_size,
      coalesce(c.show_measurements, false) as show_measurements,
      coalesce(c.show_brand, false) as show_brand, coalesce(c.show_author, false) as show_author,
      coalesce(c.show_book_title, false) as show_book_title,
      coalesce(c.show_isbn, false) as show_isbn,
      coalesce(c.show_video_game_rating, false) as show_video_game_rating,
      coalesce(c.skip_price_limit, false) as skip_price_limit
    from unnest(${uuids}::uuid[]) as asked(uuid)
    join product p on p.uuid = asked.uuid
    left join deposit d on d.uuid = p.deposit
    left join category c on c.uuid = p.category`.execute(db);
  return rows;
}

function missingOf(r: CompletenessRow): CompletenessCode[] {
  return missingForPublication({
    hasMainImage: r.has_image,
    manualCategory: r.manual_category,
    category: r.category,
    categoryRow: r.category_known
      ? {
          showColor: r.show_color,
          showSize: r.show_size,
          showMeasurements: r.show_measurements,
          showBrand: r.show_brand,
          showAuthor: r.show_author,
          showBookTitle: r.show_book_title,
          showIsbn: r.show_isbn,
          showVideoGameRating: r.show_video_game_rating,
          skipPriceLimit: r.skip_price_limit,
        }
      : null,
    brand: r.brand,
    manualBrand: r.manual_brand,
    productSize: r.product_size,
    isbn: r.isbn,
    videoGameRating: r.video_game_rating,
    quality: r.quality as QualityLabel | null,
    suggestedPrice: r.suggested_price === null ? null : Number(r.suggested_price),
  });
}

/**
 * Checks a publication before anything is sent: the caller's scope over every product and
 * connector (refused outright), then what is wrong with the request (problems) and what each
 * product lacks. A handful of statements whatever the number of products.
 */
export async function checkPublication(
  db: Kysely<Database>,
  caller: Caller,
  request: { products: readonly string[]; connectors: readonly string[] },
): Promise<PublishCheck> {
  requirePublisher(caller);
  const productUuids = unique(request.products).map((u) => requireUuid(u, 'product'));
  const connectorUuids = unique(request.connectors).map((u) => requireUuid(u, 'vendor connector'));
  const connectors = await loadConnectors(db, connectorUuids);
  const rows = await completenessRows(db, productUuids);
  if (rows.length < productUuids.length)
    throw fail(Code.NotFound, 'NOT_FOUND', 'Some products were not found');

  // The vendor acted for: the caller's own record, or (staff) the one owning what was chosen.
  const owners = unique([...connectors.map((c) => c.vendor), ...rows.map((r) => r.vendor ?? '')]);
  const vendor = caller.isAdminLevel ? (owners[0] ?? caller.vendorUuid) : caller.vendorUuid;
  if (caller.isAdminLevel && owners.length > 1)
    throw fail(
      Code.InvalidArgument,
      'INVALID_ARGUMENT',
      'Products and connectors of one vendor at a time',
    );
  if (connectors.some((c) => c.vendor !== vendor))
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'These connectors are not yours');
  // A vendor no longer sees a restituted deposit's products (the product policy): not theirs.
  if (
    rows.some(
      (r) => r.vendor !== vendor || (!caller.isAdminLevel && r.deposit_status === 'RESTITUED'),
    )
  )
    throw fail(Code.PermissionDenied, 'FORBIDDEN', 'These products are not yours');

  const problems: PublishProblem[] = publishRequestProblems(connectorUuids, productUuids);
  const add = (problem: PublishProblem) => {
    if (!problems.includes(problem)) problems.push(problem);
  };
  for (const c of connectors) {
    if (!isPublisherName(c.publisher)) add('CONNECTOR_UNKNOWN');
    else if (!c.active) add('CONNECTOR_INACTIVE');
    else if (!c.connected) add('CONNECTOR_NOT_CONNECTED');
  }

  const byUuid = new Map(rows.map((r) => [r.uuid, r]));
  const incomplete: IncompleteProduct[] = [];
  const complete: string[] = [];
  for (const uuid of productUuids) {
    const r = byUuid.get(uuid)!;
    const missing = missingOf(r);
    if (missing.length === 0) complete.push(uuid);
    else
      incomplete.push({ product: uuid, reference: r.reference ?? '', name: r.name ?? '', missing });
  }

  let alreadyListed = 0;
  if (productUuids.length > 0 && connectorUuids.length > 0) {
    const { rows: listed } = await sql<{ n: number }>`
      select count(*)::int as n from product_listing
      where product = any(${productUuids}::uuid[])
        and vendor_connector = any(${connectorUuids}::uuid[]) and status = 'LISTED'`.execute(db);
    alreadyListed = Number(listed[0]?.n ?? 0);
  }
  return { vendor, connectors, problems, incomplete, complete, alreadyListed };
}

/** The connector's channel, once the check let it through. */
export function publisherOf(connector: PublishConnector): PublisherName {
  if (!isPublisherName(connector.publisher))
    throw fail(Code.FailedPrecondition, 'CONNECTOR_UNKNOWN', 'Unknown sales channel');
  return connector.publisher;
}

export { loadConnectors };
