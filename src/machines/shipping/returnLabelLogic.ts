import { timestampDate } from '@bufbuild/protobuf/wkt';
import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  LabelFormat,
  ShippingLabelService,
  ShippingStatus,
} from '../../rpc/gen/seconde/v1/shipping_label_pb.ts';
import { withFilters } from '../../rpc/interceptors/filters.ts';
import { downloadBlob } from '../export/exportActors.ts';
import type { SaveFileInput } from '../export/exportTypes.ts';
import { returnLabelMachine, type ReturnStart } from './returnLabelMachine.ts';

/** Statuses after which a return label no longer stands for the deposit's parcel. */
const ENDED = [
  ShippingStatus.CANCELED,
  ShippingStatus.EXPIRED,
  ShippingStatus.ERROR,
  ShippingStatus.RETURNED,
];

/** The deposit page's return section over ShippingLabelService (List, CreateReturnLabel, Download). */
export function returnLabelLogic(
  clients: ClientFactory,
  save: (input: SaveFileInput) => Promise<void> = downloadBlob,
) {
  const labels = clients.get(ShippingLabelService);
  return returnLabelMachine.provide({
    actors: {
      loadReturn: fromPromise<ReturnStart, { deposit: string }>(async ({ input, signal }) => {
        const found = await labels.list(
          { ordering: '-created_at', pagination: { pageSize: 20 } },
          withFilters({ shippedObjectUuid: input.deposit }, { signal }),
        );
        const label = found.results.find((l) => l.isReturn && !ENDED.includes(l.deliveryStatus));
        return {
          idempotencyKey: crypto.randomUUID(),
          label: label
            ? {
                uuid: label.uuid,
                trackingNumber: label.trackingNumber,
                deliveryService: label.deliveryService,
                status: label.deliveryStatus,
                statusAt: label.deliveryStatusDatetime
                  ? timestampDate(label.deliveryStatusDatetime).toISOString()
                  : null,
              }
            : null,
        };
      }),
      makeReturn: fromPromise<void, { deposit: string; idempotencyKey: string }>(
        async ({ input, signal }) => {
          await labels.createReturnLabel(
            { deposit: input.deposit, idempotencyKey: input.idempotencyKey },
            { signal },
          );
        },
      ),
      downloadReturn: fromPromise<void, { uuid: string }>(async ({ input, signal }) => {
        const file = await labels.download(
          { uuid: input.uuid, format: LabelFormat.LABEL_PRINTER },
          { signal },
        );
        await save({
          file: new Blob([new Uint8Array(file.file)], { type: file.contentType }),
          fileName: file.fileName,
        });
      }),
    },
  });
}
