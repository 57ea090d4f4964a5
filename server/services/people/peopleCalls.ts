import type { ServiceDeps } from '../deps.ts';
import { CustomerService } from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { VendorService } from '../../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { implement } from '../implement.ts';
import { ledgerCallsHandlers } from '../ledger/ledgerCalls.ts';
import { customerBankDetails } from '../payouts/customerBankDetails.ts';
import { customerCallsHandlers } from './customerCalls.ts';
import { customerUpdateHandlers } from './customerUpdates.ts';
import { vendorCallsHandlers } from './vendorCalls.ts';

/**
 * The customer and vendor calls of 2-business-data.md §7 beyond the generic ones: creation with
 * the duplicate e-mail rules, legal terms, shipping choices, the customer's own edit, e-mail
 * look-ups, the contacts import, the depositor's ledger and the vendor's last activity. Each checks
 * its caller.
 */
export function peopleCallsHandlers(deps: ServiceDeps) {
  return [
    implement(
      CustomerService,
      customerBankDetails(deps, {
        ...customerCallsHandlers(deps),
        ...customerUpdateHandlers(deps),
        ...ledgerCallsHandlers(deps),
      }),
    ),
    implement(VendorService, vendorCallsHandlers(deps)),
  ] as const;
}
