import '../shell/shell.css';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { matchRoute } from '../../domain/routing/routeTable.ts';
import { selectGate, selectRole } from '../../machines/session/selectors.ts';
import { supportTicketLogic } from '../../machines/supportTicket/supportTicketLogic.ts';
import { SideBarDrawer } from '../shell/SideBarDrawer.tsx';
import { SideBarNav } from '../shell/SideBarNav.tsx';
import { SupportTicketDialog } from '../shell/SupportTicketDialog.tsx';
import { SupportTicketContext } from '../shell/supportTicketContext.ts';
import { TopBar } from '../shell/TopBar.tsx';
import { UserBlock } from '../shell/UserBlock.tsx';
import { useIsPhone } from '../shell/useIsPhone.ts';
import { TaskPanel } from '../tasks/TaskPanel.tsx';
import { AccountOverlays } from '../account/AccountOverlays.tsx';
import { ExportsHost } from '../exports/ExportsHost.tsx';
import { GuardedOutlet } from './routing/GuardedOutlet.tsx';
import { useAppServices } from './servicesContext.ts';
import { useSession } from './sessionContext.ts';

/** The side bar's content: the navigation, then the user block at the bottom. */
function SideBarContent() {
  return (
    <div className="seconde-sidebar-content">
      <SideBarNav />
      <UserBlock />
    </div>
  );
}

/**
 * The shell every route renders in: a skip link, the side bar (a drawer on phones) for signed-in
 * screens, the top bar, then the page. Public pages, onboarding and signed-out states get the top
 * bar only.
 */
export function Layout() {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const supportLogic = useMemo(() => supportTicketLogic(clients), [clients]);
  const { pathname } = useLocation();
  const ready = useSession(selectGate) === 'ready';
  const access = matchRoute(pathname)?.route.access.kind;
  const withSideBar = ready && access !== 'public' && access !== 'onboarding';
  // Vendors and staff follow their background tasks; customers start none.
  const role = useSession(selectRole);
  const withTasks = withSideBar && role !== null && role !== 'Customer';
  const isPhone = useIsPhone();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // A link followed from the drawer closes it.
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <SupportTicketContext.Provider logic={supportLogic}>
      <div className={`seconde-shell${withSideBar && !isPhone ? ' seconde-shell-sided' : ''}`}>
        <a href="#main" className="seconde-skip-link">
          {t('shell.skipToMain')}
        </a>
        {withSideBar && !isPhone && (
          <aside className="seconde-sidebar" data-testid="side-bar">
            <SideBarContent />
          </aside>
        )}
        <div className="seconde-shell-body">
          <TopBar
            withSideBar={withSideBar}
            signedIn={ready}
            {...(withSideBar &&
              isPhone && {
                onMenu: () => setDrawerOpen(true),
                menuOpen: drawerOpen,
              })}
          />
          <main id="main" tabIndex={-1} className="seconde-main">
            <GuardedOutlet />
          </main>
          {withTasks && <TaskPanel />}
        </div>
        {withSideBar && isPhone && (
          <SideBarDrawer isOpen={drawerOpen} onClose={() => setDrawerOpen(false)}>
            <SideBarContent />
          </SideBarDrawer>
        )}
        <SupportTicketDialog />
        <AccountOverlays />
        <ExportsHost />
      </div>
    </SupportTicketContext.Provider>
  );
}
