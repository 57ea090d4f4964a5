import './people.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageState } from '../components/PageState.tsx';
import { RequireSession } from '../app/RequireSession.tsx';
import { useSession } from '../app/sessionContext.ts';

type SessionSelector = Parameters<typeof useSession<boolean>>[0];

/** The page when the signed-in role may not open it: said plainly, with the way home. */
export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <PageState
      testId="not-allowed"
      icon="lock"
      title={t('people.notAllowedTitle')}
      description={t('people.notAllowedDescription')}
      action={<Link to="/">{t('people.backHome')}</Link>}
    />
  );
}

function Allowed({ allowed, children }: { allowed: SessionSelector; children: ReactNode }) {
  const ok = useSession(allowed);
  return ok ? children : <NotAllowed />;
}

/** A signed-in page that only some roles may open (1-app-shell.md §2 "allowed groups"). */
export function Gate({ allowed, children }: { allowed: SessionSelector; children: ReactNode }) {
  return (
    <RequireSession>
      <Allowed allowed={allowed}>{children}</Allowed>
    </RequireSession>
  );
}
