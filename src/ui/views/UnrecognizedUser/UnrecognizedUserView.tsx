import { ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { selectErrorKey } from '../../../machines/session/selectors.ts';
import { useSession } from '../../app/sessionContext.ts';
import { PageState } from '../../components/PageState.tsx';
import { RetryButton } from '../../components/RetryButton.tsx';
import { SignOutButton } from '../../components/SignOutButton.tsx';

/**
 * Public page for an identity without its vendor or customer record, or whose check failed; in
 * the latter case the failure is named and the check can be retried.
 */
export function UnrecognizedUserView() {
  const { t } = useTranslation();
  const errorKey = useSession(selectErrorKey);
  return (
    <PageState
      testId="unrecognized-user"
      icon="person"
      title={t('unrecognizedUser.title')}
      description={errorKey ? t(errorKey) : t('unrecognizedUser.description')}
      action={
        <ButtonGroup>
          <RetryButton />
          <SignOutButton />
        </ButtonGroup>
      }
    />
  );
}
