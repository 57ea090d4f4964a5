import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  RestitutionReceiptService,
  RestitutionReceiptStatus,
} from '../../rpc/gen/seconde/v1/restitution_receipt_pb.ts';
import { downloadBlob } from '../export/exportActors.ts';
import type { SaveFileInput } from '../export/exportTypes.ts';
import { restitutionListMachine, type ReceiptStatusFilter } from './restitutionListMachine.ts';
import { receiptView } from './restitutionReceiptLogic.ts';

const STATUS: Record<ReceiptStatusFilter, RestitutionReceiptStatus> = {
  ALL: RestitutionReceiptStatus.UNSPECIFIED,
  WAITING: RestitutionReceiptStatus.WAITING,
  ACCEPTED: RestitutionReceiptStatus.ACCEPTED,
};

/** The restitution list over RestitutionReceiptService; PDFs in the interface's language. */
export function restitutionListLogic(
  clients: ClientFactory,
  language: () => string,
  save: (input: SaveFileInput) => Promise<void> = downloadBlob,
) {
  const receipts = clients.get(RestitutionReceiptService);
  return restitutionListMachine.provide({
    actors: {
      fetchReceipts: fromPromise(async ({ input, signal }) => {
        const { results, count } = await receipts.list(
          {
            pagination: { page: input.page, pageSize: input.pageSize },
            status: STATUS[input.status],
            from: input.from,
            to: input.to,
          },
          { signal },
        );
        return {
          count,
          rows: results.map((r) => {
            const view = receiptView(r);
            return {
              uuid: view.uuid,
              deposit: r.deposit,
              depositName: view.depositName,
              depositorName: view.depositorName,
              restitutedAt: view.restitutedAt,
              itemCount: view.items.length,
              accepted: view.accepted,
              acceptedAt: view.acceptedAt,
              acceptedThrough: view.acceptedThrough,
            };
          }),
        };
      }),
      downloadReceipt: fromPromise(async ({ input, signal }) => {
        const file = await receipts.download(
          { receipt: input.uuid, language: language() === 'en' ? 'en' : 'fr' },
          { signal },
        );
        await save({
          file: new Blob([new Uint8Array(file.file)], { type: 'application/pdf' }),
          fileName: file.filename,
        });
      }),
    },
  });
}
