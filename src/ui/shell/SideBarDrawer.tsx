import { Button, Classes, Drawer, Position } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface SideBarDrawerProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
  readonly children: ReactNode;
}

/**
 * The side bar on phones: a drawer from the left, announced as a modal dialog with its own
 * translated title and close button (Blueprint's drawer has neither role nor translated close).
 */
export function SideBarDrawer({ isOpen, onClose, children }: SideBarDrawerProps) {
  const { t } = useTranslation();
  return (
    <Drawer
      isOpen={isOpen}
      onClose={onClose}
      position={Position.LEFT}
      size="min(300px, 85vw)"
      className="seconde-drawer"
    >
      <div
        id="seconde-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby="seconde-drawer-title"
        className="seconde-drawer-body"
        data-testid="side-bar-drawer"
      >
        <div className={Classes.DRAWER_HEADER}>
          <h2 id="seconde-drawer-title" className={Classes.HEADING}>
            {t('shell.menuTitle')}
          </h2>
          <Button
            variant="minimal"
            icon="cross"
            aria-label={t('shell.closeMenu')}
            onClick={onClose}
          />
        </div>
        {children}
      </div>
    </Drawer>
  );
}
