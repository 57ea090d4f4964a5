import { create } from '@bufbuild/protobuf';
import type { ClientFactory } from '../../rpc/clients.ts';
import { fetchAllPages } from '../../rpc/fetchAll.ts';
import { BuyerSchema, BuyerService, type Buyer } from '../../rpc/gen/seconde/v1/buyer_pb.ts';
import { ProductBuyerService } from '../../rpc/gen/seconde/v1/product_buyer_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { fromPromise } from 'xstate';
import { buyerName, type BuyerFields } from './buyerTypes.ts';
import { buyersMachine, type PasteInput } from './buyersMachine.ts';
import { saleBuyerMachine, type LinkInput } from './saleBuyerMachine.ts';

/** How many buyers the page shows at once (a search narrows them). */
const PAGE_SIZE = 100;

export function buyerFields(b: Buyer): BuyerFields {
  return {
    uuid: b.uuid,
    rowVersion: b.rowVersion,
    firstName: b.firstName,
    lastName: b.lastName,
    email: b.email,
    phoneNumber: b.phoneNumber,
    address: b.address,
    addressComplement: b.addressComplement,
    postalCode: b.postalCode,
    city: b.city,
    countryCode: b.countryCode,
    countryName: b.countryName,
    marketplaceAccountId: b.marketplaceAccountId,
    marketplaceProfile: b.marketplaceProfile,
  };
}

/** The buyers page's machine with its calls. */
export function buyersLogic(clients: ClientFactory) {
  const buyers = clients.get(BuyerService);
  return buyersMachine.provide({
    actors: {
      fetchBuyers: fromPromise(async ({ input, signal }) => {
        const answer = await buyers.list(
          {
            pagination: { page: 1, pageSize: PAGE_SIZE },
            ordering: '-created_at',
            search: input.search.trim() || undefined,
          },
          { signal },
        );
        return { buyers: answer.results.map(buyerFields), count: answer.count };
      }),
      saveBuyer: fromPromise(async ({ input, signal }) => {
        const buyer = create(BuyerSchema, input);
        const saved = input.uuid
          ? await buyers.update({ buyer }, { signal })
          : await buyers.create({ buyer }, { signal });
        return buyerFields(saved);
      }),
      previewPasted: fromPromise(
        async ({ input, signal }: { input: PasteInput; signal: AbortSignal }) => {
          const preview = await buyers.previewFromPastedText(input, { signal });
          return {
            buyer: buyerFields(preview.buyer ?? create(BuyerSchema)),
            existing: preview.existing ? buyerFields(preview.existing) : null,
            platform: preview.platform,
          };
        },
      ),
      createPasted: fromPromise(
        async ({ input, signal }: { input: PasteInput; signal: AbortSignal }) =>
          buyerFields(await buyers.createFromPastedText(input, { signal })),
      ),
    },
  });
}

/** The product page's sale buyer machine with its calls. */
export function saleBuyerLogic(clients: ClientFactory) {
  const buyers = clients.get(BuyerService);
  const sales = clients.get(ProductBuyerService);
  return saleBuyerMachine.provide({
    actors: {
      fetchSale: fromPromise(async ({ input, signal }) => {
        const [links, own] = await Promise.all([
          sales.list(
            {
              pagination: { page: 1, pageSize: 20 },
              ordering: '-created_at',
              product: input.product,
            },
            withFilters({ product: input.product }, { signal }),
          ),
          fetchAllPages(async (page) => {
            const answer = await buyers.list(
              { pagination: page, ordering: 'last_name' },
              { signal },
            );
            return { rows: answer.results, count: answer.count };
          }, signal),
        ]);
        const all = own.map(buyerFields);
        const names = new Map(all.map((b) => [b.uuid, buyerName(b)]));
        return {
          buyers: all,
          links: links.results.map((l) => ({
            uuid: l.uuid,
            buyer: l.buyer,
            buyerName: names.get(l.buyer) ?? '',
            buyOn: l.buyOn,
          })),
        };
      }),
      linkBuyer: fromPromise(
        async ({ input, signal }: { input: LinkInput; signal: AbortSignal }) => {
          await sales.create(
            { productBuyer: { product: input.product, buyer: input.buyer, buyOn: input.platform } },
            { signal },
          );
        },
      ),
    },
  });
}
