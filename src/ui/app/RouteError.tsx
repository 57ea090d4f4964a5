import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { PageState } from '../components/PageState.tsx';

/** Last resort for a view that threw while rendering: say so and offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <PageState
      testId="route-error"
      icon="error"
      title={t('errors.unexpected')}
      action={
        <Button
          icon="refresh"
          text={t('startup.reload')}
          onClick={() => window.location.reload()}
        />
      }
    />
  );
}
