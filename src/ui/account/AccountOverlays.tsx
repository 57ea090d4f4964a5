import './account.css';
import { useLocation } from 'react-router';
import { SUBSCRIPTION_PAGE } from '../../machines/subscriptionGate/subscriptionGateMachine.ts';
import { useSession } from '../app/sessionContext.ts';
import { LegalTermsDialog } from './LegalTermsDialog.tsx';
import { NotificationStack } from './NotificationStack.tsx';
import { SubscriptionGateDialog } from './SubscriptionGateDialog.tsx';
import { TrialCallout } from './TrialCallout.tsx';

const selectIsReadyVendor = (s: {
  hasTag(tag: string): boolean;
  context: { user: { vendorUuid: string | null } | null };
}) => s.hasTag('ready') && Boolean(s.context.user?.vendorUuid);

/**
 * The shell's overlays: the notification stacks, the subscription modal, the legal terms dialog
 * and, for a vendor on trial, a discreet banner with the days left (not on the subscription page,
 * which shows them itself).
 */
export function AccountOverlays() {
  const { pathname } = useLocation();
  const isVendor = useSession(selectIsReadyVendor);
  return (
    <>
      <NotificationStack />
      <SubscriptionGateDialog />
      <LegalTermsDialog />
      {isVendor && pathname !== SUBSCRIPTION_PAGE && <TrialCallout variant="banner" />}
    </>
  );
}
