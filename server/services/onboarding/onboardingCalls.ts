import {
  CUSTOMER_ONBOARDING_FIELDS,
  CUSTOMER_REQUIRED_ANSWERS,
  VENDOR_ONBOARDING_FIELDS,
  VENDOR_REQUIRED_ANSWERS,
} from '../../../src/domain/onboarding.ts';
import { CustomerSchema } from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { VendorSchema } from '../../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import type { ServiceDeps } from '../deps.ts';
import { SessionService } from '../../../src/rpc/gen/seconde/v1/session_pb.ts';
import { VendorService } from '../../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import { CustomerService } from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { implement } from '../implement.ts';
import { chooseUserTypeHandler } from './chooseUserType.ts';
import { saveOnboardingHandler } from './saveOnboarding.ts';

/**
 * Hand-written calls of the app shell's onboarding: the user-type choice (SessionService) and the
 * vendor and customer questionnaires (SaveOnboarding), each on the caller's own record only.
 */
export function onboardingCallsHandlers(deps: ServiceDeps) {
  return [
    implement(SessionService, { chooseUserType: chooseUserTypeHandler(deps) }),
    implement(VendorService, {
      saveOnboarding: saveOnboardingHandler(deps, {
        table: 'vendor',
        resource: VendorSchema,
        ownUuid: (caller) => caller.vendorUuid,
        fields: VENDOR_ONBOARDING_FIELDS,
        required: VENDOR_REQUIRED_ANSWERS,
      }),
    }),
    implement(CustomerService, {
      saveOnboarding: saveOnboardingHandler(deps, {
        table: 'customer',
        resource: CustomerSchema,
        ownUuid: (caller) => caller.customerUuid,
        fields: CUSTOMER_ONBOARDING_FIELDS,
        required: CUSTOMER_REQUIRED_ANSWERS,
      }),
    }),
  ] as const;
}
