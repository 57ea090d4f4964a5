import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { CompanyService, type Company } from '../../rpc/gen/seconde/v1/company_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { percentageOf, type CompanyDraft, type CompanyRecord } from './companyForm.ts';
import { companyMachine, type CompanyLoaded, type SaveCompanyInput } from './companyMachine.ts';

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
  };
}

/** The draft as a Company message; the server trims and removes the SIRET's spaces. */
function draftMessage(draft: CompanyDraft) {
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
    },
  });
}
