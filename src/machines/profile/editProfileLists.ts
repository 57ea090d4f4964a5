import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { RateSlideService, type RateSlide } from '../../rpc/gen/seconde/v1/rate_slide_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { fetchAllPages } from '../../rpc/fetchAll.ts';
import { rateSlidesMachine, type SaveInput } from './rateSlidesMachine.ts';
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

/** Whose brackets: the vendor's own, their company's, or one deposit's. */
export type RateOwner =
  { readonly vendor: string } | { readonly company: string } | { readonly deposit: string };

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

const slideOf = (owner: RateOwner, uuid: string, values: SaveInput['values']) => {
  const n = (text: string) => Number(text.replace(',', '.'));
  return {
    uuid,
    priceStart: n(values.priceStart),
    priceEnd: n(values.priceEnd),
    commission: n(values.commission),
    providerCommission: n(values.providerCommission),
    ...owner,
  };
};

/** The rates screens' machine over RateSlideService: every slide of the owner, pages of 50. */
export function rateSlidesLogic(clients: ClientFactory, owner: RateOwner) {
  const client = clients.get(RateSlideService);
  return rateSlidesMachine.provide({
    actors: {
      loadSlides: fromPromise<RateRow[]>(({ signal }) =>
        fetchAllPages(async (p) => {
          const answer = await client.list(
            { pagination: p, ordering: 'price_start', fetchAll: true, ...owner },
            ownerOptions(owner, signal),
          );
          return { rows: answer.results.map(rateRow), count: answer.count };
        }, signal),
      ),
      saveSlide: fromPromise<RateRow, SaveInput>(async ({ input, signal }) => {
        const rateSlide = slideOf(owner, input.uuid, input.values);
        const saved = input.uuid
          ? await client.update({ rateSlide }, { signal })
          : await client.create({ rateSlide }, { signal });
        return rateRow(saved);
      }),
      deleteSlide: fromPromise<{ uuid: string }, { uuid: string }>(async ({ input, signal }) => {
        await client.destroy({ uuid: input.uuid }, { signal });
        return input;
      }),
    },
  });
}
