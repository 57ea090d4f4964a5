import { ButtonGroup, Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageState } from '../components/PageState.tsx';
import { SignOutButton } from '../components/SignOutButton.tsx';

/**
 * Public page for identities in no recognised group (1-app-shell.md §2). The guard sends them to
 * the user-type choice; this page says why and leads there too.
 */
export function NoGroupView() {
  const { t } = useTranslation();
  return (
    <PageState
      testId="no-group"
      icon="blocked-person"
      title={t('publicPages.noGroupTitle')}
      description={t('publicPages.noGroupDescription')}
      action={
        <ButtonGroup>
          <Link className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`} to="/onboarding">
            {t('publicPages.noGroupChoose')}
          </Link>
          <SignOutButton />
        </ButtonGroup>
      }
    />
  );
}
