import { timestampDate } from '@bufbuild/protobuf/wkt';
import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  RestitutionAcceptanceChannel,
  RestitutionReceiptService,
  RestitutionReceiptStatus,
  type RestitutionReceipt,
  type RestitutionReceiptFile,
} from '../../rpc/gen/seconde/v1/restitution_receipt_pb.ts';
import { downloadBlob } from '../export/exportActors.ts';
import type { SaveFileInput } from '../export/exportTypes.ts';
import { restitutionReceiptMachine, type ReceiptView } from './restitutionReceiptMachine.ts';

/** The contract's receipt as the screens show it. */
export function receiptView(r: RestitutionReceipt): ReceiptView {
  return {
    uuid: r.uuid,
    depositName: r.depositName,
    restitutedAt: r.restitutedAt ? timestampDate(r.restitutedAt).toISOString() : '',
    acceptedAt: r.acceptedAt ? timestampDate(r.acceptedAt).toISOString() : null,
    accepted: r.status === RestitutionReceiptStatus.ACCEPTED,
    acceptedThrough:
      r.acceptedThrough === RestitutionAcceptanceChannel.SCREEN
        ? 'SCREEN'
        : r.acceptedThrough === RestitutionAcceptanceChannel.EMAIL_LINK
          ? 'EMAIL_LINK'
          : null,
    holderName: r.holderName,
    depositorName: r.depositorName,
    items: r.items.map(({ reference, name, condition }) => ({ reference, name, condition })),
  };
}

type Save = (input: SaveFileInput) => Promise<void>;

const saveFile = (save: Save, file: RestitutionReceiptFile) =>
  save({
    file: new Blob([new Uint8Array(file.file)], { type: 'application/pdf' }),
    fileName: file.filename,
  });

/** The deposit page's receipt (source: the deposit), in the interface's language. */
export function depositReceiptLogic(
  clients: ClientFactory,
  language: () => string,
  save: Save = downloadBlob,
) {
  const receipts = clients.get(RestitutionReceiptService);
  return restitutionReceiptMachine.provide({
    actors: {
      loadReceipt: fromPromise(async ({ input, signal }) => {
        const { receipt } = await receipts.getForDeposit({ deposit: input.source }, { signal });
        return receipt ? receiptView(receipt) : null;
      }),
      acceptReceipt: fromPromise(async ({ input, signal }) =>
        receiptView(await receipts.accept({ receipt: input.uuid }, { signal })),
      ),
      downloadReceipt: fromPromise(async ({ input, signal }) => {
        const file = await receipts.download(
          { receipt: input.uuid, language: language() === 'en' ? 'en' : 'fr' },
          { signal },
        );
        await saveFile(save, file);
      }),
    },
  });
}

/** The mail link's page (source: the link's token), without signing in. */
export function linkReceiptLogic(
  clients: ClientFactory,
  language: () => string,
  save: Save = downloadBlob,
) {
  const receipts = clients.get(RestitutionReceiptService);
  return restitutionReceiptMachine.provide({
    actors: {
      loadReceipt: fromPromise(async ({ input, signal }) =>
        receiptView(await receipts.getByToken({ token: input.source }, { signal })),
      ),
      acceptReceipt: fromPromise(async ({ input, signal }) =>
        receiptView(await receipts.acceptByToken({ token: input.source }, { signal })),
      ),
      downloadReceipt: fromPromise(async ({ input, signal }) => {
        const file = await receipts.downloadByToken(
          { token: input.source, language: language() === 'en' ? 'en' : 'fr' },
          { signal },
        );
        await saveFile(save, file);
      }),
    },
  });
}
