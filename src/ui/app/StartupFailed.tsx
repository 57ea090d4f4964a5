import { Button, Intent } from '@blueprintjs/core';
import type { i18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { PageState } from '../components/PageState.tsx';

function StartupFailedView() {
  const { t } = useTranslation();
  return (
    <PageState
      testId="startup-failed"
      icon="offline"
      title={t('startup.failedTitle')}
      description={t('startup.failedDescription')}
      action={
        <Button
          intent={Intent.PRIMARY}
          icon="refresh"
          text={t('startup.reload')}
          onClick={() => window.location.reload()}
        />
      }
    />
  );
}

/** Shown instead of the app when `/app-config.json` cannot be read. */
export function StartupFailed({ i18n }: { i18n: i18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <StartupFailedView />
    </I18nextProvider>
  );
}
