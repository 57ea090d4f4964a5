import {
  CUSTOMER_ONBOARDING_FIELDS,
  CUSTOMER_REQUIRED_ANSWERS,
  VENDOR_ONBOARDING_FIELDS,
  VENDOR_REQUIRED_ANSWERS,
} from '../../../src/domain/onboarding.ts';
import { CustomerSchema } from '../../../src/rpc/gen/seconde/v1/customer_pb.ts';
import { VendorSchema } from '../../../src/rpc/gen/seconde/v1/vendor_pb.ts';
import type { ServiceDeps, ServiceHandlers } from '../deps.ts';
import { chooseUserTypeHandler } from './chooseUserType.ts';
import { saveOnboardingHandler } from './saveOnboarding.ts';

/**
 * Hand-written calls of the app shell's onboarding: the user-type choice (SessionService) and the
 * vendor and customer questionnaires (SaveOnboarding), each on the caller's own record only.
 */
export function onboardingCallsHandlers(deps: ServiceDeps): ServiceHandlers {
  return {
    'seconde.v1.SessionService': { chooseUserType: chooseUserTypeHandler(deps) },
    'seconde.v1.VendorService': {
      saveOnboarding: saveOnboardingHandler(deps, {
        table: 'vendor',
        resource: VendorSchema,
        ownUuid: (caller) => caller.vendorUuid,
        fields: VENDOR_ONBOARDING_FIELDS,
        required: VENDOR_REQUIRED_ANSWERS,
      }),
    },
    'seconde.v1.CustomerService': {
      saveOnboarding: saveOnboardingHandler(deps, {
        table: 'customer',
        resource: CustomerSchema,
        ownUuid: (caller) => caller.customerUuid,
        fields: CUSTOMER_ONBOARDING_FIELDS,
        required: CUSTOMER_REQUIRED_ANSWERS,
      }),
    },
  };
}
