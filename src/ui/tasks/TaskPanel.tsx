import './tasks.css';
import { Button, Callout, Classes, H2, Intent } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromLocalTask, panelHeight } from '../../machines/backgroundTasks/panelModel.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { useSupportTicketActor } from '../shell/supportTicketContext.ts';
import { clearFinishedLocalTasksAtom, localTaskOpensAtom, localTasksAtom } from './localTasks.ts';
import { TaskPanelItem } from './TaskPanelItem.tsx';
import { bumpTasksCompletedAtom } from './tasksCompleted.ts';

/** The panel's height as a CSS variable on the page, for other fixed bottom pieces. */
const TASKS_HEIGHT_VARIABLE = '--seconde-tasks-height';

/**
 * The fixed bottom panel of background tasks (2-business-data.md §2): the server's tasks of the
 * caller, streamed, and this tab's own (exports). Hidden without a task; its close button clears
 * them all once none is waiting or running; an import that finishes well bumps
 * `tasksCompletedAtom`, for the lists it fed to load again. A spacer of its height keeps the page's end visible.
 */
export function TaskPanel() {
  const { t } = useTranslation();
  const { backgroundTasksLogic } = useAppServices();
  const actor = useActorRef(backgroundTasksLogic);
  const support = useSupportTicketActor();
  const store = useStore();
  const opens = useAtomValue(localTaskOpensAtom);
  const clearLocal = useSetAtom(clearFinishedLocalTasksAtom);
  const bumpCompleted = useSetAtom(bumpTasksCompletedAtom);
  const serverTasks = useSelector(actor, (s) => s.context.serverTasks);
  const inTab = useSelector(actor, (s) => s.context.localTasks);
  const canClose = useSelector(actor, (s) => s.can({ type: 'tasks.dismiss' }));
  const reconnecting = useSelector(actor, (s) => s.hasTag('reconnecting'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const closing = useSelector(actor, (s) => s.hasTag('busy'));

  // This tab's tasks go to the panel's machine without drawing the panel first: it is drawn
  // once, from the machine, for each change (an export's progress is one per message).
  useEffect(() => {
    const send = () =>
      actor.send({ type: 'local.changed', tasks: store.get(localTasksAtom).map(fromLocalTask) });
    send();
    return store.sub(localTasksAtom, send);
  }, [actor, store]);
  useEffect(() => {
    const sub = actor.on('tasks.cleared', () => clearLocal());
    return () => sub.unsubscribe();
  }, [actor, clearLocal]);
  useEffect(() => {
    const sub = actor.on('tasks.completed', () => bumpCompleted());
    return () => sub.unsubscribe();
  }, [actor, bumpCompleted]);

  const contact = useCallback(() => support.send({ type: 'support.open' }), [support]);
  const tasks = useMemo(() => [...serverTasks, ...inTab], [serverTasks, inTab]);
  const height = tasks.length === 0 ? 0 : panelHeight(tasks);
  // Other fixed bottom pieces (the install prompt) sit above the panel, never under it.
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    root.setProperty(TASKS_HEIGHT_VARIABLE, `${height}px`);
    return () => {
      root.removeProperty(TASKS_HEIGHT_VARIABLE);
    };
  }, [height]);
  if (tasks.length === 0) return null;

  return (
    <>
      <div className="seconde-tasks-spacer" style={{ height }} aria-hidden="true" />
      <section
        className={`seconde-tasks ${Classes.ELEVATION_3}`}
        style={{ height }}
        aria-labelledby="tasks-title"
        data-testid="task-panel"
      >
        <header className="seconde-tasks-head">
          <H2 id="tasks-title" className="seconde-tasks-title">
            {t('tasks.panelTitle')}
          </H2>
          <Button
            variant="minimal"
            icon="cross"
            aria-label={t('tasks.close')}
            aria-describedby={canClose ? undefined : 'tasks-close-hint'}
            title={canClose ? t('tasks.close') : t('tasks.closeHint')}
            disabled={!canClose}
            loading={closing}
            onClick={() => actor.send({ type: 'tasks.dismiss' })}
            data-testid="task-panel-close"
          />
          {!canClose && (
            <span id="tasks-close-hint" className="seconde-tasks-hint">
              {t('tasks.closeHint')}
            </span>
          )}
        </header>
        <div aria-live="polite" className="seconde-tasks-notes">
          {reconnecting && <span className={Classes.TEXT_MUTED}>{t('tasks.reconnecting')}</span>}
          {failed && (
            <Callout intent={Intent.WARNING} compact>
              {t('tasks.closeFailed')}
            </Callout>
          )}
        </div>
        {/* The list scrolls when tasks pile up: focusable, so the keyboard can scroll it too. */}
        <ul
          className="seconde-tasks-list"
          aria-live="polite"
          aria-relevant="additions text"
          aria-label={t('tasks.panelTitle')}
          tabIndex={0}
        >
          {tasks.map((task) => (
            <TaskPanelItem
              key={`${task.source}:${task.id}`}
              task={task}
              onContact={contact}
              onOpen={task.source === 'local' ? opens.get(task.id) : undefined}
            />
          ))}
        </ul>
      </section>
    </>
  );
}
