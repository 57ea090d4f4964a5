import { ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { selectErrorKey } from '../../machines/session/selectors.ts';
import { useSession } from '../app/sessionContext.ts';
import { PageState } from '../components/PageState.tsx';
import { RetryButton } from '../components/RetryButton.tsx';
import { SignOutButton } from '../components/SignOutButton.tsx';

/**
 * Public page for an identity without its vendor or customer record, or whose check failed; in
 * the latter case the failure is named. Either way the user may look again or sign out.
 */
export function UnrecognizedUserView() {
  const { t } = useTranslation();
  const errorKey = useSession(selectErrorKey);
  return (
    <PageState
      testId="unrecognized-user"
      icon="person"
      title={t('publicPages.unrecognizedTitle')}
      description={
        errorKey
          ? t('publicPages.unrecognizedFailed', { reason: t(errorKey) })
          : t('publicPages.unrecognizedDescription')
      }
      action={
        <ButtonGroup>
          <RetryButton />
          <SignOutButton />
        </ButtonGroup>
      }
    />
  );
}
