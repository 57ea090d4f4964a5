import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { ShippingLabelService } from '../../rpc/gen/seconde/v1/shipping_label_pb.ts';
import { downloadBlob } from '../export/exportActors.ts';
import type { SaveFileInput } from '../export/exportTypes.ts';
import { batchRedownloadMachine } from './batchRedownloadMachine.ts';

/** The task panel's batch download over ShippingLabelService.DownloadBatch, saved by `save`. */
export function batchRedownloadLogic(
  clients: ClientFactory,
  save: (input: SaveFileInput) => Promise<void> = downloadBlob,
) {
  const labels = clients.get(ShippingLabelService);
  return batchRedownloadMachine.provide({
    actors: {
      downloadBatch: fromPromise<{ printed: number }, { task: string }>(
        async ({ input, signal }) => {
          const answer = await labels.downloadBatch({ task: input.task }, { signal });
          await save({
            file: new Blob([new Uint8Array(answer.file)], { type: answer.contentType }),
            fileName: answer.fileName,
          });
          return { printed: answer.printed };
        },
      ),
    },
  });
}
