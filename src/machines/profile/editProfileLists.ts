import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  AnnouncementKindSchema,
  AnnouncementService,
  type Announcement,
} from '../../rpc/gen/seconde/v1/announcement_pb.ts';
import { RateSlideService, type RateSlide } from '../../rpc/gen/seconde/v1/rate_slide_pb.ts';
import {
  SyncTypeSchema,
  VendorConnectorService,
  type VendorConnector,
} from '../../rpc/gen/seconde/v1/vendor_connector_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { enumLabel, toMs } from '../people/labels.ts';
import { createPagedListMachine, type Page, type PageQuery } from '../people/pagedListMachine.ts';

/** One commission bracket as the rates pages show it. */
export interface RateRow {
  readonly uuid: string;
  readonly priceStart: number;
  readonly priceEnd: number;
  readonly commission: number;
  readonly providerCommission: number;
}

export interface AnnouncementRow {
  readonly uuid: string;
  readonly name: string;
  readonly title: string;
  readonly kind: string | null;
  readonly isActive: boolean;
  readonly isDefault: boolean;
  readonly createdAt: number | null;
}

export interface ConnectorRow {
  readonly uuid: string;
  readonly publisherName: string;
  readonly urn: string;
  readonly syncType: string | null;
  readonly isActive: boolean;
}

export const rateRow = (r: RateSlide): RateRow => ({
  uuid: r.uuid,
  priceStart: r.priceStart,
  priceEnd: r.priceEnd,
  commission: r.commission,
  providerCommission: r.providerCommission,
});

export const announcementRow = (a: Announcement): AnnouncementRow => ({
  uuid: a.uuid,
  name: a.name,
  title: a.title,
  kind: enumLabel(AnnouncementKindSchema, a.kind),
  isActive: a.isActive,
  isDefault: a.isDefault,
  createdAt: toMs(a.createdAt),
});

export const connectorRow = (c: VendorConnector): ConnectorRow => ({
  uuid: c.uuid,
  publisherName: c.publisherName,
  urn: c.urn,
  syncType: enumLabel(SyncTypeSchema, c.syncType),
  isActive: c.isActive,
});

export const rateListMachine = createPagedListMachine<RateRow>('rateList');
export const announcementListMachine = createPagedListMachine<AnnouncementRow>('announcementList');
export const connectorListMachine = createPagedListMachine<ConnectorRow>('connectorList');

/** Whose brackets: the vendor's own, or their company's. */
export type RateOwner = { readonly vendor: string } | { readonly company: string };

const pagination = (q: PageQuery) => ({ page: q.page, pageSize: q.pageSize });

/**
 * The owner goes both in the request and in the `filters` header (the generic list reads the
 * header), so the list is narrowed whichever handler answers; the server's scope still applies.
 */
const ownerOptions = (owner: Record<string, string>, signal: AbortSignal) =>
  withFilters({ ...owner }, { signal });

/** A vendor's or a company's commission brackets, by starting price (read-only here). */
export function rateListLogic(clients: ClientFactory, owner: RateOwner) {
  const client = clients.get(RateSlideService);
  return rateListMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<RateRow>, PageQuery>(async ({ input, signal }) => {
        const answer = await client.list(
          { pagination: pagination(input), ordering: 'price_start', ...owner },
          ownerOptions(owner, signal),
        );
        return { rows: answer.results.map(rateRow), count: answer.count };
      }),
    },
  });
}

/** The vendor's listing texts, newest first. */
export function announcementListLogic(clients: ClientFactory, vendor: string) {
  const client = clients.get(AnnouncementService);
  return announcementListMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<AnnouncementRow>, PageQuery>(async ({ input, signal }) => {
        const answer = await client.list(
          { pagination: pagination(input), ordering: '-created_at', vendor },
          ownerOptions({ vendor }, signal),
        );
        return { rows: answer.results.map(announcementRow), count: answer.count };
      }),
    },
  });
}

/** The vendor's publishing connectors, by platform name. */
export function connectorListLogic(clients: ClientFactory, vendor: string) {
  const client = clients.get(VendorConnectorService);
  return connectorListMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<ConnectorRow>, PageQuery>(async ({ input, signal }) => {
        const answer = await client.list(
          { pagination: pagination(input), ordering: 'publisher_name', vendor },
          ownerOptions({ vendor }, signal),
        );
        return { rows: answer.results.map(connectorRow), count: answer.count };
      }),
    },
  });
}
