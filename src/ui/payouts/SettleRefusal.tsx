import { Callout, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { refusalKey } from '../../machines/payouts/payoutReasons.ts';
import type { Refusal } from '../../machines/payouts/payoutTypes.ts';

/** Why the server refused the settlement or its receipt, in the dialog; nothing when it did not. */
export function SettleRefusal({ refusal }: { refusal: Refusal | null }) {
  const { t } = useTranslation();
  if (!refusal) return null;
  return (
    <Callout intent={Intent.DANGER} role="alert" data-testid="settle-refusal">
      {t(refusalKey(refusal))}
    </Callout>
  );
}
