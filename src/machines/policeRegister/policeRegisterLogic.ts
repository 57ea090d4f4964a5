import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import {
  PoliceRegisterEntryKind,
  PoliceRegisterFormat,
  PoliceRegisterService,
  type PoliceRegisterEntry,
} from '../../rpc/gen/seconde/v1/police_register_pb.ts';
import { downloadBlob } from '../export/exportActors.ts';
import { toMs } from '../people/labels.ts';
import {
  policeRegisterMachine,
  type RegisterFormat,
  type RegisterPage,
  type RegisterQuery,
  type RegisterRow,
  type RegisterVerdict,
} from './policeRegisterMachine.ts';
import type { CorrectionRequest } from './correctionParts.ts';

const KINDS: Record<number, RegisterRow['kind']> = {
  [PoliceRegisterEntryKind.PURCHASE]: 'PURCHASE',
  [PoliceRegisterEntryKind.CORRECTION]: 'CORRECTION',
  [PoliceRegisterEntryKind.RESTITUTION]: 'RESTITUTION',
};

export function registerRow(e: PoliceRegisterEntry): RegisterRow {
  const item = e.item;
  const who = e.depositor;
  return {
    uuid: e.uuid,
    number: Number(e.number),
    enteredAt: toMs(e.enteredAt) ?? 0,
    kind: KINDS[e.kind] ?? 'DEPOSIT',
    correctsNumber: e.correctsNumber ? Number(e.correctsNumber) : null,
    correctionReason: e.correctionReason,
    item: [
      [item?.category, item?.name].filter(Boolean).join(' · '),
      [item?.brand, item?.colors, item?.size].filter(Boolean).join(', '),
      item?.description,
      item?.reference,
    ]
      .filter(Boolean)
      .join(' — '),
    priceCents: Number(item?.priceCents ?? 0),
    depositor: [
      [who?.firstName, who?.lastName].filter(Boolean).join(' '),
      who?.address,
      [who?.postalCode, who?.city].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', '),
    idDocument: [
      who?.idDocumentType,
      who?.idDocumentNumber,
      who?.idDocumentAuthority,
      who?.idDocumentDate,
    ]
      .filter(Boolean)
      .join(' · '),
    content: {
      item: {
        reference: item?.reference ?? '',
        name: item?.name ?? '',
        category: item?.category ?? '',
        brand: item?.brand ?? '',
        colors: item?.colors ?? '',
        size: item?.size ?? '',
        condition: item?.condition ?? '',
        description: item?.description ?? '',
        priceCents: Number(item?.priceCents ?? 0),
      },
      depositor: {
        firstName: who?.firstName ?? '',
        lastName: who?.lastName ?? '',
        companyName: who?.companyName ?? '',
        address: who?.address ?? '',
        postalCode: who?.postalCode ?? '',
        city: who?.city ?? '',
        idDocumentType: who?.idDocumentType ?? '',
        idDocumentNumber: who?.idDocumentNumber ?? '',
        idDocumentAuthority: who?.idDocumentAuthority ?? '',
        idDocumentDate: who?.idDocumentDate ?? '',
      },
    },
  };
}

/** The register page's machine over PoliceRegisterService; files are saved under the server's name. */
export function policeRegisterLogic(clients: ClientFactory, language: () => string) {
  const register = clients.get(PoliceRegisterService);
  return policeRegisterMachine.provide({
    actors: {
      fetchEntries: fromPromise<RegisterPage, RegisterQuery>(async ({ input, signal }) => {
        const answer = await register.list(
          {
            vendor: input.vendor,
            from: input.from,
            to: input.to,
            pagination: { page: input.page, pageSize: input.pageSize },
          },
          { signal },
        );
        return {
          rows: answer.results.map(registerRow),
          count: answer.count,
          holderName: answer.holderName,
        };
      }),
      verifyRegister: fromPromise<RegisterVerdict, { vendor: string }>(
        async ({ input, signal }) => {
          const answer = await register.verify({ vendor: input.vendor }, { signal });
          return {
            intact: answer.intact,
            checked: Number(answer.checked),
            brokenNumber: Number(answer.firstBrokenNumber),
            reason: answer.reason,
          };
        },
      ),
      exportRegister: fromPromise<
        string,
        { vendor: string; from: string; to: string; format: RegisterFormat }
      >(async ({ input, signal }) => {
        const file = await register.export(
          {
            vendor: input.vendor,
            from: input.from,
            to: input.to,
            format: PoliceRegisterFormat[input.format],
            language: language() === 'en' ? 'en' : 'fr',
          },
          { signal },
        );
        await downloadBlob({
          file: new Blob([new Uint8Array(file.data)], { type: file.contentType }),
          fileName: file.filename,
        });
        return file.filename;
      }),
      correctEntry: fromPromise<number, CorrectionRequest>(async ({ input, signal }) => {
        const entry = await register.correct(
          {
            vendor: input.vendor,
            entry: input.entry,
            reason: input.reason,
            item: { ...input.content.item, priceCents: BigInt(input.content.item.priceCents) },
            depositor: input.content.depositor,
          },
          { signal },
        );
        return Number(entry.number);
      }),
    },
  });
}
