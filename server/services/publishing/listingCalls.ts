import { Code, type HandlerContext } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { sql, type SqlBool } from 'kysely';
import { isPublisherName, type PublisherName } from '../../../src/domain/publishing/channels.ts';
import {
  ListProductEventsResponseSchema,
  ListProductListingsResponseSchema,
  ProductEventSchema,
  ProductListingSchema,
  type ListProductEventsRequest,
  type ListProductEventsResponse,
  type ListProductListingsRequest,
  type ListProductListingsResponse,
  type ProductListing,
  type WithdrawListingRequest,
} from '../../../src/rpc/gen/seconde/v1/listing_pb.ts';
import {
  listPage,
  pageOf,
  requireCaller,
  requireInScope,
  requireUuid,
} from '../../crud/crudService.ts';
import { scopeFor } from '../../crud/policies.ts';
import { orderingSql, scopeSql } from '../../crud/queryParts.ts';
import { columnFields, rowToMessage } from '../../crud/rowMapping.ts';
import { fail } from '../../rpc/reasons.ts';
import type { ServiceDeps } from '../deps.ts';
import { tableColumns } from '../deposit/requests/columns.ts';
import { ChannelItemError, ChannelUnavailableError, type ChannelConnector } from './connector.ts';
import { loadConnectors } from './publishCheck.ts';
import { listingRef, recordWithdrawFailed, recordWithdrawn } from './withdrawals.ts';

/**
 * ProductListingService's List, ListEvents and Withdraw: a product's listings and timeline, read
 * within the caller's scope (a product's listings follow the product's policy), and a vendor's
 * withdrawal of one listing now.
 */
export function listingCallsHandlers(
  deps: ServiceDeps,
  connectorOf: (publisher: PublisherName) => ChannelConnector,
) {
  const { db, clock } = deps;

  async function list(
    req: ListProductListingsRequest,
    ctx: HandlerContext,
  ): Promise<ListProductListingsResponse> {
    const caller = requireCaller(ctx);
    const columns = await tableColumns(db, 'product_listing');
    const names = new Set(columnFields(ProductListingSchema, columns).map((f) => f.name));
    const where = [scopeSql(scopeFor(caller, 'product_listing', 'read'), 'r')];
    if (req.product !== undefined)
      where.push(sql<SqlBool>`r.product = ${requireUuid(req.product, 'product')}`);
    const order = orderingSql(ProductListingSchema, names, req.ordering || 'created_at', 'r');
    const { rows, count } = await listPage(
      db,
      'product_listing',
      where,
      order,
      pageOf(req.pagination),
    );
    return create(ListProductListingsResponseSchema, {
      results: rows.map((row) => rowToMessage(ProductListingSchema, columns, row)),
      count,
    });
  }

  async function listEvents(
    req: ListProductEventsRequest,
    ctx: HandlerContext,
  ): Promise<ListProductEventsResponse> {
    const caller = requireCaller(ctx);
    await requireInScope(
      db,
      'product',
      requireUuid(req.product, 'product'),
      caller,
      'read',
      'Product',
    );
    const columns = await tableColumns(db, 'product_event');
    const { rows } = await sql<Record<string, unknown>>`
      select * from product_event where product = ${req.product}
      order by occurred_at, created_at, uuid`.execute(db);
    return create(ListProductEventsResponseSchema, {
      results: rows.map((row) => rowToMessage(ProductEventSchema, columns, row)),
    });
  }

  async function withdraw(
    req: WithdrawListingRequest,
    ctx: HandlerContext,
  ): Promise<ProductListing> {
    const caller = requireCaller(ctx);
    const uuid = requireUuid(req.uuid, 'listing');
    const { rows } = await sql<{
      uuid: string;
      product: string;
      vendor_connector: string | null;
      publisher_name: string;
      external_id: string | null;
      url: string | null;
      status: string;
      sku: string;
    }>`
      select l.uuid, l.product, l.vendor_connector, l.publisher_name, l.external_id, l.url,
        l.status::text as status, coalesce(nullif(p.reference, ''), p.uuid::text) as sku
      from product_listing l join product p on p.uuid = l.product
      where l.uuid = ${uuid}`.execute(db);
    const l = rows[0];
    if (!l) throw fail(Code.NotFound, 'NOT_FOUND', 'Listing not found');
    // Withdrawing is a change of the product: the caller must be allowed to change it.
    await requireInScope(db, 'product', l.product, caller, 'write', 'Product');
    const listing = { uuid: l.uuid, product: l.product, publisher: l.publisher_name, url: l.url };
    if (l.status === 'LISTED') {
      const [account] = l.vendor_connector ? await loadConnectors(db, [l.vendor_connector]) : [];
      if (account && isPublisherName(l.publisher_name)) {
        try {
          await connectorOf(l.publisher_name).withdraw(listingRef(l), account.account, ctx.signal);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await recordWithdrawFailed(db, listing, message, clock());
          if (error instanceof ChannelItemError)
            throw fail(Code.FailedPrecondition, 'CHANNEL_REFUSED', message);
          if (error instanceof ChannelUnavailableError)
            throw fail(Code.Unavailable, 'CHANNEL_UNAVAILABLE', message);
          throw fail(Code.Internal, 'PUBLISH_UNKNOWN_ERROR', message);
        }
      }
      // A listing made by hand (no connector) is only recorded as withdrawn: the vendor delists it.
      await recordWithdrawn(db, listing, 'BY_VENDOR', clock());
    }
    const columns = await tableColumns(db, 'product_listing');
    const { rows: after } = await sql<Record<string, unknown>>`
      select * from product_listing where uuid = ${uuid}`.execute(db);
    return rowToMessage(ProductListingSchema, columns, after[0]!);
  }

  return { list, listEvents, withdraw };
}
