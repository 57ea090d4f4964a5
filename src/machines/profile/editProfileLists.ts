import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { RateSlideService, type RateSlide } from '../../rpc/gen/seconde/v1/rate_slide_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { createPagedListMachine, type Page, type PageQuery } from '../shared/pagedListMachine.ts';

/** One commission bracket as the rates pages show it. */
export interface RateRow {
  readonly uuid: string;
  readonly priceStart: number;
  readonly priceEnd: number;
  readonly commission: number;
  readonly providerCommission: number;
}

export const rateRow = (r: RateSlide): RateRow => ({
  uuid: r.uuid,
  priceStart: r.priceStart,
  priceEnd: r.priceEnd,
  commission: r.commission,
  providerCommission: r.providerCommission,
});

export const rateListMachine = createPagedListMachine<RateRow>('rateList');

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
