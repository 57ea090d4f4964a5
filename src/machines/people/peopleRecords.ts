import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { CompanyService } from '../../rpc/gen/seconde/v1/company_pb.ts';
import { CustomerService } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { ContactWaySchema } from '../../rpc/gen/seconde/v1/deposit_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { electronicIban } from '../../domain/bank/iban.ts';
import { maskPath, type CustomerDraft } from './customerForm.ts';
import { customerMachine, type SaveCustomerInput } from './customerMachine.ts';
import { companyRow, customerRow, vendorRow, type CustomerRow } from './peopleRows.ts';
import { vendorMachine, type VendorDetail } from './vendorMachine.ts';

/** Contact way label → contract number (0 when not chosen). */
function contactWayNumber(label: string): number {
  return ContactWaySchema.values.find((v) => v.localName === label)?.number ?? 0;
}

/** The draft as a partial Customer message; only the masked fields are read by the server. */
function draftMessage(draft: CustomerDraft) {
  return {
    firstName: draft.firstName.trim(),
    lastName: draft.lastName.trim(),
    email: draft.email.trim(),
    phoneNumber: draft.phoneNumber,
    address: draft.address.trim(),
    postalCode: draft.postalCode.trim(),
    city: draft.city.trim(),
    preferedContactWay: contactWayNumber(draft.preferedContactWay),
    language: draft.language,
    acceptHomeTakeAway: draft.acceptHomeTakeAway,
    acceptSendPostal: draft.acceptSendPostal,
    iban: electronicIban(draft.iban),
    bic: draft.bic.trim(),
    accountHolder: draft.accountHolder.trim(),
  };
}

/** The customer information page over CustomerService (retrieve, partialUpdate). */
export function customerLogic(clients: ClientFactory) {
  const client = clients.get(CustomerService);
  return customerMachine.provide({
    actors: {
      loadCustomer: fromPromise<CustomerRow, { uuid: string }>(async ({ input, signal }) =>
        customerRow(await client.retrieve({ uuid: input.uuid }, { signal })),
      ),
      saveCustomer: fromPromise<CustomerRow, SaveCustomerInput>(async ({ input, signal }) => {
        const saved = await client.partialUpdate(
          {
            customer: {
              uuid: input.customer.uuid,
              rowVersion: input.customer.rowVersion,
              ...draftMessage(input.draft),
            },
            updateMask: { paths: input.fields.map(maskPath) },
          },
          { signal },
        );
        return customerRow(saved);
      }),
    },
  });
}

/** The vendor page's record: the vendor, then their company when they have one. */
export function vendorLogic(clients: ClientFactory) {
  const vendors = clients.get(VendorService);
  const companies = clients.get(CompanyService);
  return vendorMachine.provide({
    actors: {
      loadVendor: fromPromise<VendorDetail, { uuid: string }>(async ({ input, signal }) => {
        const vendor = await vendors.retrieve({ uuid: input.uuid }, { signal });
        const company = vendor.company
          ? companyRow(await companies.retrieve({ uuid: vendor.company }, { signal }))
          : null;
        return { vendor: vendorRow(vendor), company };
      }),
    },
  });
}
