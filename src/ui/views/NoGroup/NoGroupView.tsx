import { useTranslation } from 'react-i18next';
import { PageState } from '../../components/PageState.tsx';
import { SignOutButton } from '../../components/SignOutButton.tsx';

/** Public page for identities in no recognised group (1-app-shell.md §2). */
export function NoGroupView() {
  const { t } = useTranslation();
  return (
    <PageState
      testId="no-group"
      icon="blocked-person"
      title={t('noGroup.title')}
      description={t('noGroup.description')}
      action={<SignOutButton />}
    />
  );
}
