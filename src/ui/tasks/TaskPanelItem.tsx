import { Button, Classes, Icon, Intent, ProgressBar } from '@blueprintjs/core';
import { lazy, memo, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { PanelStatus, PanelTask } from '../../machines/backgroundTasks/panelModel.ts';

/** A finished batch of labels' download: its own chunk, loaded when such a task shows. */
const BatchRedownload = lazy(() => import('../shipping/BatchRedownload.tsx'));

const STATUS_KEYS: Readonly<Record<PanelStatus, string>> = {
  waiting: 'tasks.statusWaiting',
  running: 'tasks.statusRunning',
  completed: 'tasks.statusCompleted',
  error: 'tasks.statusError',
};

const ICONS = {
  waiting: ['time', Intent.NONE],
  running: ['automatic-updates', Intent.PRIMARY],
  completed: ['tick-circle', Intent.SUCCESS],
  error: ['error', Intent.DANGER],
} as const satisfies Record<PanelStatus, readonly [string, Intent]>;

/** The status icon; the status is also written beside it, so the icon stays decorative. */
function StatusIcon({ status }: { status: PanelStatus }) {
  const [icon, intent] = ICONS[status];
  return <Icon icon={icon} intent={intent} aria-hidden />;
}

export interface TaskPanelItemProps {
  readonly task: PanelTask;
  /** Opens the "Contact us" modal (error tasks). */
  readonly onContact: () => void;
  /** Reopens the work's own window, for in-tab tasks that have one (an export). */
  readonly onOpen?: (() => void) | undefined;
}

/**
 * One task: icon, translated name and label, then progress, or what to do about an error. Drawn
 * again only when its own task changes, not when another task of the panel moves.
 */
export const TaskPanelItem = memo(function TaskPanelItem({
  task,
  onContact,
  onOpen,
}: TaskPanelItemProps) {
  const { t } = useTranslation();
  const name = task.nameKey ? t(task.nameKey) : task.label;
  const status = t(STATUS_KEYS[task.status]);
  const counted = task.status === 'running' || task.status === 'completed';
  return (
    <li
      className={`seconde-task seconde-task-${task.status}`}
      data-testid="task-item"
      data-status={task.status}
    >
      <div className="seconde-task-head">
        <StatusIcon status={task.status} />
        <div className="seconde-task-name">
          <strong>{name}</strong>
          {task.nameKey && task.label && (
            <span
              className={`${Classes.TEXT_MUTED} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}
              title={task.label}
            >
              {task.label}
            </span>
          )}
        </div>
        <span className="seconde-task-status">{status}</span>
        {onOpen && (
          <Button variant="minimal" size="small" text={t('tasks.open')} onClick={onOpen} />
        )}
      </div>
      {task.status === 'running' && (
        <ProgressBar
          intent={Intent.PRIMARY}
          value={task.total > 0 ? task.current / task.total : undefined}
          // Stripes move only while the total is unknown: their animation repaints the page each frame.
          animate={task.total === 0}
          aria-label={t('tasks.progressLabel', { name, current: task.current, total: task.total })}
        />
      )}
      {task.fileUntil !== undefined && task.fileUntil > Date.now() && (
        <Suspense fallback={null}>
          <BatchRedownload task={task.id} name={name} label={task.label} until={task.fileUntil} />
        </Suspense>
      )}
      {counted && task.total > 0 && (
        <span className="seconde-task-count" data-testid="task-count">
          {t('tasks.count', { current: task.current, total: task.total })}
        </span>
      )}
      {task.status === 'error' && (
        <div className="seconde-task-error" data-testid="task-error">
          <p>{t('tasks.errorContact')}</p>
          <Button
            intent={Intent.DANGER}
            variant="outlined"
            icon="chat"
            text={t('tasks.contactUs')}
            onClick={onContact}
            data-testid="task-contact"
          />
        </div>
      )}
    </li>
  );
});
