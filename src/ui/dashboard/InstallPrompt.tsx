import { Button, Card, Classes, H2, Intent } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  installPromptLogic,
  type InstallWindow,
} from '../../machines/installPrompt/installPromptLogic.ts';

/** Server rendering (tests) has no window: a page that never offers installation. */
const NO_WINDOW: InstallWindow = {
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  matchMedia: (query) => ({ matches: false, media: query }) as MediaQueryList,
};
const pageWindow = (): InstallWindow => (typeof window === 'undefined' ? NO_WINDOW : window);

/**
 * The mobile install prompt: shown on phones when the browser offers to install the app and the
 * user has not closed it lately. Install opens the browser's own dialog; Close hides it for 30
 * days. Render it once per page.
 */
export function InstallPrompt({ win = pageWindow() }: { win?: InstallWindow }) {
  const { t } = useTranslation();
  const logic = useMemo(() => installPromptLogic(win), [win]);
  const actor = useActorRef(logic, { input: { now: Date.now() } });
  const visible = useSelector(actor, (s) => s.hasTag('visible'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  if (!visible) return null;
  return (
    <Card
      className="seconde-install-prompt"
      data-testid="install-prompt"
      role="region"
      aria-labelledby="install-prompt-title"
      elevation={3}
    >
      <H2 id="install-prompt-title" className={Classes.HEADING}>
        {t('dashboard.installTitle')}
      </H2>
      <p role={failed ? 'alert' : undefined}>
        {t(failed ? 'dashboard.installFailed' : 'dashboard.installText')}
      </p>
      <div className="seconde-install-actions">
        <Button
          data-testid="install-close"
          text={t('dashboard.installClose')}
          disabled={busy}
          onClick={() => actor.send({ type: 'install.close' })}
        />
        {!failed && (
          <Button
            data-testid="install-accept"
            intent={Intent.PRIMARY}
            icon="download"
            text={t('dashboard.installAccept')}
            loading={busy}
            onClick={() => actor.send({ type: 'install.accept' })}
          />
        )}
      </div>
    </Card>
  );
}
