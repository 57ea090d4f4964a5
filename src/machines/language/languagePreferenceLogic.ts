import { fromPromise } from 'xstate';
import type { ClientFactory } from '../../rpc/clients.ts';
import { CustomerService } from '../../rpc/gen/seconde/v1/customer_pb.ts';
import { VendorService } from '../../rpc/gen/seconde/v1/vendor_pb.ts';
import { languagePreferenceMachine, type SaveLanguageInput } from './languagePreferenceMachine.ts';

/** The language preference over the partial updates of the user's own vendor and customer rows. */
export function languagePreferenceLogic(clients: ClientFactory) {
  const vendors = clients.get(VendorService);
  const customers = clients.get(CustomerService);
  const mask = { paths: ['language'] };
  return languagePreferenceMachine.provide({
    actors: {
      saveLanguage: fromPromise<void, SaveLanguageInput>(async ({ input, signal }) => {
        const { language, owner } = input;
        if (owner.vendorUuid)
          await vendors.partialUpdate(
            { vendor: { uuid: owner.vendorUuid, language }, updateMask: mask },
            { signal },
          );
        if (owner.customerUuid)
          await customers.partialUpdate(
            { customer: { uuid: owner.customerUuid, language }, updateMask: mask },
            { signal },
          );
      }),
    },
  });
}
