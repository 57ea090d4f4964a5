import type { RouteObject } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_STEPS, VENDOR_STEPS } from '../../machines/onboarding/onboardingSteps.ts';
import { OnboardingSteps } from './OnboardingSteps.tsx';
import { UserTypeView } from './UserTypeView.tsx';
import { VendorIntroView } from './VendorIntroView.tsx';

function VendorSteps() {
  const { t } = useTranslation();
  return (
    <OnboardingSteps kind="vendor" steps={VENDOR_STEPS} title={t('onboarding.vendorStepsTitle')} />
  );
}

function CustomerSteps() {
  const { t } = useTranslation();
  return (
    <OnboardingSteps
      kind="customer"
      steps={CUSTOMER_STEPS}
      title={t('onboarding.customerTitle')}
      intro={t('onboarding.customerIntro')}
    />
  );
}

/** This area's routes: the user-type choice and the vendor and customer onboarding (/onboarding...). Access comes from the route table, not from here. */
export const onboardingRoutes: RouteObject[] = [
  {
    path: 'onboarding',
    element: <UserTypeView />,
  },
  {
    path: 'onboarding/vendor-onboarding',
    element: <VendorIntroView />,
  },
  {
    path: 'onboarding/vendor-onboarding-steps',
    element: <VendorSteps />,
  },
  {
    path: 'onboarding/customer-onboarding',
    element: <CustomerSteps />,
  },
];
