import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageState } from '../components/PageState.tsx';

/** Any path the route table does not know (a public page: no sign-in needed to read it). */
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <PageState
      testId="not-found"
      icon="path-search"
      title={t('publicPages.notFoundTitle')}
      description={t('publicPages.notFoundDescription')}
      action={
        <Link className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`} to="/">
          {t('publicPages.notFoundHome')}
        </Link>
      }
    />
  );
}
