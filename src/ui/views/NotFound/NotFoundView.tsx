import { Classes } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageState } from '../../components/PageState.tsx';

/** Any path the app does not know. */
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <PageState
      testId="not-found"
      icon="path-search"
      title={t('notFound.title')}
      description={t('notFound.description')}
      action={
        <Link className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`} to="/">
          {t('notFound.home')}
        </Link>
      }
    />
  );
}
