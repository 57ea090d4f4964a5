import { fromPromise } from 'xstate';
import {
  STOCK_LABELS_HEADER,
  STOCK_VIEW_HEADER,
  decodeStockLabels,
} from '../../domain/stock/stockWire.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import { ProductService, type Product } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { saleStatusOf } from '../deposit/enums.ts';
import { toMs } from '../people/labels.ts';
import { stockFiltersHeader } from './stockQuery.ts';
import type { StockLine } from './stockWindow.ts';
import {
  stockWindowMachine,
  type StockPageAnswer,
  type StockPageQuery,
} from './stockWindowMachine.ts';

/** Address of a stored thumbnail (a media key or an absolute address). */
export function thumbnailUrl(key: string): string {
  if (!key) return '';
  if (/^(https?:|data:|blob:|\/)/.test(key)) return key;
  return `/media/${key.split('/').map(encodeURIComponent).join('/')}`;
}

function toLine(p: Product, names: Record<string, string>): StockLine {
  const image = p.images[0];
  return {
    uuid: p.uuid,
    reference: p.reference,
    name: p.name,
    depositUuid: p.deposit,
    depositName: names.deposit ?? '',
    vendorName: names.vendor ?? '',
    category: names.category || p.manualCategory,
    brand: names.brand || p.manualBrand,
    size: names.size ?? '',
    suggestedPrice: p.suggestedPrice ?? null,
    selledPrice: p.selledPrice ?? null,
    saleStatus: saleStatusOf(p.saleStatus),
    stockEntry: toMs(p.stockEntryDatetime),
    sellDate: toMs(p.sellDatetime),
    invoiced: p.inInvoices.length > 0 || p.productInvoiceUuid !== '',
    thumbnail: thumbnailUrl(image?.image256 || p.mainImageUrl),
  };
}

/**
 * The stock window with its page load: one list call names the view (so the server sends only
 * what it shows) and reads the lines' names from the answer's header. The machine's signal
 * cancels a request its new filters made stale.
 */
export function stockWindowLogic(clients: ClientFactory) {
  const products = clients.get(ProductService);
  return stockWindowMachine.provide({
    actors: {
      fetchPage: fromPromise<StockPageAnswer, StockPageQuery>(async ({ input, signal }) => {
        let labels: string | null = null;
        const search = input.filters.search.trim();
        const answer = await products.list(
          {
            pagination: { page: input.page, pageSize: input.pageSize },
            ordering: input.ordering,
            ...(search && { search }),
          },
          withFilters(stockFiltersHeader(input.filters), {
            signal,
            headers: { [STOCK_VIEW_HEADER]: input.layout },
            onHeader: (headers) => {
              labels = headers.get(STOCK_LABELS_HEADER);
            },
          }),
        );
        const names = decodeStockLabels(labels, answer.results.length);
        return {
          lines: answer.results.map((p, i) => toLine(p, names[i] ?? {})),
          count: answer.count,
        };
      }),
    },
  });
}
