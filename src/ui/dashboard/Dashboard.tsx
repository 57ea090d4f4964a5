import { Button, Card, Classes, H1, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  selectCanSignOut,
  selectEmail,
  selectFirstName,
  selectLastName,
  selectRole,
} from '../../machines/session/selectors.ts';
import { roleKey } from '../../i18n/keys.ts';
import { useSession, useSessionActor } from '../app/sessionContext.ts';
import { DashboardFigures } from './DashboardFigures.tsx';
import { InstallPrompt } from './InstallPrompt.tsx';
import './dashboard.css';

/** Home of a signed-in user: who they are, their figures, the way out, and the install prompt. */
export function Dashboard() {
  const { t } = useTranslation();
  const session = useSessionActor();
  const firstName = useSession(selectFirstName);
  const lastName = useSession(selectLastName);
  const email = useSession(selectEmail);
  const role = useSession(selectRole);
  const canSignOut = useSession(selectCanSignOut);
  const hasName = firstName !== '' || lastName !== '';

  return (
    <section
      className="seconde-dashboard"
      data-testid="dashboard"
      aria-labelledby="dashboard-title"
    >
      <H1 id="dashboard-title">{t('dashboard.title')}</H1>
      <Card className="seconde-dashboard-card">
        <p className={Classes.TEXT_LARGE} data-testid="user-name">
          {hasName ? t('dashboard.userName', { firstName, lastName }) : email}
        </p>
        <dl className="seconde-dashboard-facts">
          <dt className={Classes.TEXT_MUTED}>{t('dashboard.roleLabel')}</dt>
          <dd>
            <Tag intent={Intent.PRIMARY} data-testid="user-role">
              {t(roleKey(role))}
            </Tag>
          </dd>
        </dl>
        <p className={Classes.TEXT_MUTED}>{t('dashboard.welcome')}</p>
        <Button
          data-testid="sign-out"
          icon="log-out"
          text={t('session.signOut')}
          disabled={!canSignOut}
          onClick={() => session.send({ type: 'session.signOut' })}
        />
      </Card>
      <DashboardFigures />
      <InstallPrompt />
    </section>
  );
}
