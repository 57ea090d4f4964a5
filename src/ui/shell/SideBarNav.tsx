import { Classes, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSession } from '../app/sessionContext.ts';
import { selectShellGroups, selectShellRole } from './shellSelectors.ts';
import { currentItem, sideBarItems, type SideBarItem } from './sideBarModel.ts';

function ItemLink({ item, current }: { item: SideBarItem; current: string | null }) {
  const { t } = useTranslation();
  const isCurrent = item.name === current;
  const label = (
    <>
      <Icon icon={item.icon as IconName} aria-hidden />
      <span className="seconde-sidebar-text">
        <span>{t(item.labelKey)}</span>
        {item.subtitleKey && (
          <small className={Classes.TEXT_MUTED}>
            {t(item.subtitleKey)}
            {item.external && ` ${t('shell.newTab')}`}
          </small>
        )}
      </span>
    </>
  );
  const className = `seconde-sidebar-link${isCurrent ? ' seconde-sidebar-current' : ''}`;
  if (item.disabled)
    return (
      <span className={`${className} ${Classes.DISABLED}`} aria-disabled="true">
        {label}
      </span>
    );
  return item.external ? (
    <a className={className} href={item.to} target="_blank" rel="noopener">
      {label}
    </a>
  ) : (
    <Link className={className} to={item.to} aria-current={isCurrent ? 'page' : undefined}>
      {label}
    </Link>
  );
}

function ItemList({ items, current }: { items: readonly SideBarItem[]; current: string | null }) {
  return (
    <ul className="seconde-sidebar-list">
      {items.map((item) => (
        <li key={item.name} data-testid={`nav-${item.name}`}>
          <ItemLink item={item} current={current} />
          {item.children.length > 0 && <ItemList items={item.children} current={current} />}
        </li>
      ))}
    </ul>
  );
}

/** The side bar's entries for the signed-in user, from the route table; the current one marked. */
export function SideBarNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const groups = useSession(selectShellGroups);
  const role = useSession(selectShellRole);
  const items = sideBarItems(groups ? groups.split(',') : [], role);
  return (
    <nav aria-label={t('app.mainNavigation')} className="seconde-sidebar-nav">
      <ItemList items={items} current={currentItem(items, pathname)} />
    </nav>
  );
}
