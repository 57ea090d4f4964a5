import { fromCallback, fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { toAppError } from '../../rpc/errors.ts';
import { ProductOrigin, ProductService } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { saleStatusOf, saleStatusValue } from '../deposit/enums.ts';
import {
  BULK_CONCURRENCY,
  planBulk,
  recordOutcome,
  type BulkInput,
  type BulkLine,
} from './stockBulk.ts';
import { stockBulkMachine, type ApplyInput, type StockBulkEvent } from './stockBulkMachine.ts';
import { stockFiltersHeader } from './stockQuery.ts';

/** Rows per read when every matching product is selected (the server's largest page). */
const COLLECT_PAGE = 5000;

/** Progress reaches the screen at most this often, not once per product. */
const PROGRESS_EVERY_MS = 150;

/** The bulk change with its calls: the light list to collect, a partial update per product. */
export function stockBulkLogic(clients: ClientFactory) {
  const products = clients.get(ProductService);
  return stockBulkMachine.provide({
    actors: {
      collectLines: fromPromise<BulkLine[], BulkInput>(async ({ input, signal }) => {
        if (!input.allMatching)
          return Object.entries(input.selected).map(([uuid, line]) => ({ uuid, ...line }));
        const lines: BulkLine[] = [];
        const search = input.filters.search.trim();
        for (let page = 1; ; page++) {
          const answer = await products.extraLightList(
            { pagination: { page, pageSize: COLLECT_PAGE }, ordering: 'reference' },
            withFilters(
              { ...stockFiltersHeader(input.filters), ...(search && { search }) },
              { signal },
            ),
          );
          for (const p of answer.results)
            lines.push({
              uuid: p.uuid,
              saleStatus: saleStatusOf(p.saleStatus),
              invoiced: p.inInvoices.length > 0,
            });
          if (page * COLLECT_PAGE >= answer.count || answer.results.length === 0) return lines;
        }
      }),
      applyStatus: fromCallback<StockBulkEvent, ApplyInput>(({ input, sendBack }) => {
        const abort = new AbortController();
        const { send, report: planned } = planBulk(input.lines, input.target);
        let report = planned;
        let last = 0;
        const queue = [...send];
        const worker = async () => {
          for (let line = queue.shift(); line && !abort.signal.aborted; line = queue.shift()) {
            let refusal: string | null = null;
            try {
              await products.partialUpdate(
                {
                  product: { uuid: line.uuid, saleStatus: saleStatusValue(input.target) },
                  updateMask: { paths: ['sale_status'] },
                  lastUpdatedBy: ProductOrigin.PROVIDER,
                },
                { signal: abort.signal },
              );
            } catch (error) {
              const appError = toAppError(error);
              if (appError.silent) return;
              refusal = appError.reason ?? appError.code;
            }
            report = recordOutcome(report, refusal);
            if (Date.now() - last > PROGRESS_EVERY_MS) {
              last = Date.now();
              sendBack({ type: 'bulk.progressed', report });
            }
          }
        };
        void Promise.all(Array.from({ length: BULK_CONCURRENCY }, worker)).then(() => {
          if (!abort.signal.aborted) sendBack({ type: 'bulk.finished', report });
        });
        return () => abort.abort();
      }),
    },
  });
}
