import { timestampDate } from '@bufbuild/protobuf/wkt';
import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { Dac7SellerKind, Dac7Service, type Dac7Seller } from '../../rpc/gen/seconde/v1/dac7_pb.ts';
import {
  dac7CorrectionMachine,
  type CorrectionBuilt,
  type CorrectionRequest,
  type FiledReportRow,
} from './dac7CorrectionMachine.ts';
import {
  dac7ReportMachine,
  type Dac7Built,
  type Dac7Check,
  type Dac7SellerRow,
  type SellerDraft,
} from './dac7ReportMachine.ts';

/** A seller as the page shows it: cents as numbers (far below 2^53), the kind as a word. */
export function sellerRow(s: Dac7Seller): Dac7SellerRow {
  return {
    key: s.key,
    kind: s.kind === Dac7SellerKind.ENTITY ? 'ENTITY' : 'INDIVIDUAL',
    vendor: s.vendor,
    name: s.name,
    address: [s.address, `${s.postalCode} ${s.city}`.trim(), s.countryCode]
      .filter(Boolean)
      .join(', '),
    tin: s.tin,
    birthDate: s.birthDate,
    birthPlace: s.birthPlace,
    registrationNumber: s.registrationNumber,
    ibanMasked: s.ibanMasked,
    quarters: s.quarters.map((q) => ({
      considerationCents: Number(q.considerationCents),
      sales: q.sales,
      feesCents: Number(q.feesCents),
      taxesCents: Number(q.taxesCents),
    })),
    considerationCents: Number(s.considerationCents),
    sales: s.sales,
    feesCents: Number(s.feesCents),
    taxesCents: Number(s.taxesCents),
    missing: [...s.missing],
  };
}

/** Starts the browser's download of the bytes under `filename`. */
function saveFile(data: Uint8Array, filename: string, contentType: string) {
  const url = URL.createObjectURL(new Blob([data as BlobPart], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The DAC7 page over Dac7Service: check, complete a person-seller, build and save the XML, and
 * the readable summary in the page's language.
 */
export function dac7ReportLogic(clients: ClientFactory, language: () => string) {
  const dac7 = clients.get(Dac7Service);
  return dac7ReportMachine.provide({
    actors: {
      checkReport: fromPromise<Dac7Check, { year: number }>(async ({ input, signal }) => {
        const check = await dac7.checkReport({ year: input.year }, { signal });
        return {
          sellers: check.sellers.map(sellerRow),
          excluded: check.excluded.map(sellerRow),
          ready: check.ready,
        };
      }),
      saveSeller: fromPromise<void, SellerDraft & { year: number }>(async ({ input, signal }) => {
        await dac7.saveSellerDetails(
          {
            vendor: input.vendor,
            tin: input.tin.trim(),
            birthDate: input.birthDate,
            birthPlace: input.birthPlace.trim(),
            year: input.year,
          },
          { signal },
        );
      }),
      buildReport: fromPromise<Dac7Built, { year: number }>(async ({ input, signal }) => {
        const file = await dac7.buildReport({ year: input.year }, { signal });
        saveFile(file.data, file.filename, file.contentType);
        return { filename: file.filename, sellerCount: file.sellerCount };
      }),
      buildSummary: fromPromise<string, { year: number }>(async ({ input, signal }) => {
        const file = await dac7.buildSummary(
          { year: input.year, language: language() === 'en' ? 'en' : 'fr' },
          { signal },
        );
        saveFile(file.data, file.filename, file.contentType);
        return file.filename;
      }),
    },
  });
}

/** The filed reports of the page over Dac7Service: the year's list, and a correction saved. */
export function dac7CorrectionLogic(clients: ClientFactory) {
  const dac7 = clients.get(Dac7Service);
  return dac7CorrectionMachine.provide({
    actors: {
      listReports: fromPromise<readonly FiledReportRow[], { year: number }>(
        async ({ input, signal }) => {
          const { reports } = await dac7.listFiledReports({ year: input.year }, { signal });
          return reports.map((r) => ({
            uuid: r.uuid,
            messageRefId: r.messageRefId,
            messageTypeIndic: r.messageTypeIndic,
            filedAt: r.filedAt ? timestampDate(r.filedAt).toISOString() : '',
            correctsMessageRefId: r.correctsMessageRefId,
            sellers: r.sellers.map((s) => ({
              key: s.key,
              name: s.name,
              docRefId: s.docRefId,
              changed: s.changed,
              reportable: s.reportable,
            })),
          }));
        },
      ),
      buildCorrection: fromPromise<CorrectionBuilt, CorrectionRequest>(
        async ({ input, signal }) => {
          const file = await dac7.buildCorrection(
            { report: input.report, corrected: [...input.corrected], deleted: [...input.deleted] },
            { signal },
          );
          saveFile(file.data, file.filename, file.contentType);
          return { filename: file.filename, count: file.sellerCount };
        },
      ),
    },
  });
}
