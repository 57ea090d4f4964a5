import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { errorI18nKey } from '../../rpc/errors.ts';
import { PersonalDataService } from '../../rpc/gen/seconde/v1/personal_data_pb.ts';
import { labelKey } from '../people/labels.ts';
import type { Refusal } from '../payouts/payoutTypes.ts';
import { personalDataMachine, type Erasure } from './personalDataMachine.ts';

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
 * Whose data the card speaks of: the customer's own (`privacy.*`, "my data") or, on a customer's
 * page, staff acting for them (`privacyStaff.*`, "their data"). Same keys in both areas.
 */
export type PrivacyArea = 'privacy' | 'privacyStaff';

/** The text of a refusal: erasure's own reason, else its code's. */
export function privacyRefusalKey(refusal: Refusal, area: PrivacyArea = 'privacy'): string {
  return refusal.reason === 'ERASURE_CONTRACT_OPEN'
    ? `${area}.reasonContractOpen`
    : errorI18nKey(refusal.code);
}

/** `INVOICES` → `privacy.keptInvoices`; `ACCOUNTING_RECORDS` → `privacy.whyAccountingRecords`. */
export const keptKey = (kind: string, area: PrivacyArea = 'privacy') =>
  labelKey(`${area}.kept`, kind);
export const whyKey = (reason: string, area: PrivacyArea = 'privacy') =>
  labelKey(`${area}.why`, reason);
export const maskedKey = (area: string, of: PrivacyArea = 'privacy') =>
  labelKey(`${of}.masked`, area);

/** The personal data card over PersonalDataService. */
export function personalDataLogic(clients: ClientFactory) {
  const service = clients.get(PersonalDataService);
  return personalDataMachine.provide({
    actors: {
      exportData: fromPromise<string, { customer: string }>(async ({ input, signal }) => {
        const file = await service.exportPersonalData({ customer: input.customer }, { signal });
        saveFile(file.data, file.filename, file.contentType);
        return file.filename;
      }),
      eraseData: fromPromise<Erasure, { customer: string }>(async ({ input, signal }) => {
        const result = await service.erasePersonalData({ customer: input.customer }, { signal });
        return {
          alreadyErased: result.alreadyErased,
          masked: [...result.masked],
          kept: result.kept.map((k) => ({ kind: k.kind, count: k.count, reason: k.reason })),
        };
      }),
    },
  });
}
