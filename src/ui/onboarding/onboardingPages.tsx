import { useTranslation } from 'react-i18next';
import { CUSTOMER_STEPS, VENDOR_STEPS } from '../../machines/onboarding/onboardingSteps.ts';
import { OnboardingSteps } from './OnboardingSteps.tsx';

/** The vendor's onboarding steps. */
export function VendorSteps() {
  const { t } = useTranslation();
  return (
    <OnboardingSteps kind="vendor" steps={VENDOR_STEPS} title={t('onboarding.vendorStepsTitle')} />
  );
}

/** The customer's onboarding steps. */
export function CustomerSteps() {
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

export { UserTypeView } from './UserTypeView.tsx';
export { VendorIntroView } from './VendorIntroView.tsx';
