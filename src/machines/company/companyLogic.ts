import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { toAppError, type AppErrorCode } from '../../rpc/errors.ts';
import { CompanyService, type Company } from '../../rpc/gen/seconde/v1/company_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { percentageOf, type CompanyDraft, type CompanyRecord } from './companyForm.ts';
import {
  companyMachine,
  type CompanyLoaded,
  type SaveCompanyInput,
  type UploadProofInput,
} from './companyMachine.ts';

export function companyRecord(c: Company): CompanyRecord {
  return {
    uuid: c.uuid,
    rowVersion: c.rowVersion,
    title: c.title,
    siret: c.siret,
    websiteLink: c.websiteLink,
    taxEligible: c.taxEligible,
    negociatedPourcentageOnPrice: c.negociatedPourcentageOnPrice,
    address: c.address,
    postalCode: c.postalCode,
    city: c.city,
    useVendorAddressAsFacturationAddress: c.useVendorAddressAsFacturationAddress,
    proofRegistration: c.proofRegistration,
  };
}

/** The draft as a Company message; the server trims and removes the SIRET's spaces. */
function draftMessage(draft: CompanyDraft) {
  // The proof of registration is not a field of the form: UploadProofOfRegistration sets it.
  return {
    ...draft,
    negociatedPourcentageOnPrice: percentageOf(draft.negociatedPourcentageOnPrice),
  };
}

/** The company tab over VendorService (who the vendor is) and CompanyService (create, update). */
export function companyLogic(clients: ClientFactory) {
  const vendors = clients.get(VendorService);
  const companies = clients.get(CompanyService);
  return companyMachine.provide({
    actors: {
      loadCompany: fromPromise<CompanyLoaded, { vendorUuid: string }>(async ({ input, signal }) => {
        const vendor = await vendors.retrieve({ uuid: input.vendorUuid }, { signal });
        const company = vendor.company
          ? companyRecord(await companies.retrieve({ uuid: vendor.company }, { signal }))
          : null;
        return {
          vendorAddress: {
            address: vendor.address,
            postalCode: vendor.postalCode,
            city: vendor.city,
          },
          isCompanyAdmin: vendor.isCompanyAdmin,
          company,
        };
      }),
      saveCompany: fromPromise<CompanyRecord, SaveCompanyInput>(async ({ input, signal }) => {
        const message = draftMessage(input.draft);
        const saved = input.record
          ? await companies.update(
              {
                company: {
                  ...message,
                  uuid: input.record.uuid,
                  rowVersion: input.record.rowVersion,
                },
              },
              { signal },
            )
          : await companies.create({ company: message }, { signal });
        return companyRecord(saved);
      }),
      uploadProof: fromPromise<CompanyRecord, UploadProofInput>(async ({ input, signal }) =>
        companyRecord(
          await companies.uploadProofOfRegistration(
            { company: input.company, ...input.file },
            { signal },
          ),
        ),
      ),
    },
  });
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
  // Revoking at once can cut the download short in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads the company's stored proof of registration; null when done, else why it failed. */
export async function downloadProofOfRegistration(
  clients: ClientFactory,
  company: string,
): Promise<AppErrorCode | null> {
  try {
    const file = await clients.get(CompanyService).downloadProofOfRegistration({ company });
    saveFile(file.data, file.filename, file.contentType);
    return null;
  } catch (error) {
    return toAppError(error).code;
  }
}
