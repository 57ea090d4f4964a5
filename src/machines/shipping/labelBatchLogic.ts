import { Code, ConnectError } from '@connectrpc/connect';
import { fromPromise } from 'xstate';
import { MAX_BATCH_ITEMS } from '../../domain/shipping/labelBatch.ts';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  BackgroundTaskService,
  BackgroundTaskStatus,
} from '../../rpc/gen/seconde/v1/background_task_pb.ts';
import { ProductService } from '../../rpc/gen/seconde/v1/product_pb.ts';
import { LabelFormat, ShippingLabelService } from '../../rpc/gen/seconde/v1/shipping_label_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { downloadBlob } from '../export/exportActors.ts';
import type { SaveFileInput } from '../export/exportTypes.ts';
import type { PublishSelection } from '../publish/publishTypes.ts';
import { stockFiltersHeader } from '../stock/stockQuery.ts';
import {
  labelBatchMachine,
  type BatchDownloaded,
  type BatchFormat,
  type BatchStarted,
} from './labelBatchMachine.ts';

/** How often the print task is looked at while it runs (the panel streams it meanwhile). */
export const BATCH_POLL_MS = 1_000;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

const skippedOf = (s: { product: string; name: string; reason: string }) => ({
  product: s.product,
  name: s.name,
  reason: s.reason,
});

/**
 * The batch dialog over ShippingLabelService.PrintLabels and DownloadBatch; the task is followed
 * through BackgroundTaskService.List, and the PDF saved under its own name (`save`).
 */
export function labelBatchLogic(
  clients: ClientFactory,
  save: (input: SaveFileInput) => Promise<void> = downloadBlob,
) {
  const labels = clients.get(ShippingLabelService);
  const tasks = clients.get(BackgroundTaskService);
  const products = clients.get(ProductService);

  /** The chosen items' uuids; every matching one read again when "all matching" is chosen. */
  async function uuidsOf(selection: PublishSelection, signal: AbortSignal): Promise<string[]> {
    if (selection.kind === 'products') return [...selection.uuids];
    const search = selection.filters.search.trim();
    const answer = await products.extraLightList(
      { pagination: { page: 1, pageSize: MAX_BATCH_ITEMS }, ordering: 'reference' },
      withFilters(
        { ...stockFiltersHeader(selection.filters), ...(search && { search }) },
        { signal },
      ),
    );
    return answer.results.map((p) => p.uuid);
  }

  return labelBatchMachine.provide({
    actors: {
      startBatch: fromPromise<BatchStarted, { selection: PublishSelection; format: BatchFormat }>(
        async ({ input, signal }) => {
          const answer = await labels.printLabels(
            {
              products: await uuidsOf(input.selection, signal),
              format: input.format === 'A4' ? LabelFormat.A4 : LabelFormat.LABEL_PRINTER,
            },
            { signal },
          );
          return { task: answer.task, count: answer.count, skipped: answer.skipped.map(skippedOf) };
        },
      ),
      waitForBatch: fromPromise<void, { task: string }>(async ({ input, signal }) => {
        for (;;) {
          const ended = await tasks.list(
            {
              pagination: { page: 1, pageSize: 50 },
              ordering: '-created_at',
              statuses: [BackgroundTaskStatus.COMPLETED, BackgroundTaskStatus.ERROR],
            },
            { signal },
          );
          const task = ended.results.find((r) => r.uuid === input.task);
          if (task?.status === BackgroundTaskStatus.COMPLETED) return;
          if (task?.status === BackgroundTaskStatus.ERROR)
            throw new ConnectError(
              JSON.stringify({ code: 'LABEL_BATCH_FAILED', message: 'The batch failed' }),
              Code.FailedPrecondition,
            );
          await pause(BATCH_POLL_MS, signal);
        }
      }),
      downloadBatch: fromPromise<BatchDownloaded, { task: string }>(async ({ input, signal }) => {
        const answer = await labels.downloadBatch({ task: input.task }, { signal });
        await save({
          file: new Blob([new Uint8Array(answer.file)], { type: answer.contentType }),
          fileName: answer.fileName,
        });
        return { printed: answer.printed, skipped: answer.skipped.map(skippedOf) };
      }),
    },
  });
}
