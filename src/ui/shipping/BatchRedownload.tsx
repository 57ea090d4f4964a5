import './shipping.css';
import { Button, Classes } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { batchRedownloadLogic } from '../../machines/shipping/batchRedownloadLogic.ts';
import { useAppServices } from '../app/servicesContext.ts';

export interface BatchRedownloadProps {
  /** The finished label batch's task. */
  readonly task: string;
  /** The task's translated name and its label, naming the file for screen readers. */
  readonly name: string;
  readonly label: string;
  /** Until when (epoch ms) the PDF is kept. */
  readonly until: number;
}

/**
 * "Télécharger" on a finished batch of labels in the task panel: its PDF again, as long as it is
 * kept, with the date it is kept until and what went wrong when it could not be downloaded.
 * Loaded only when the panel shows such a task.
 */
export default function BatchRedownload({ task, name, label, until }: BatchRedownloadProps) {
  const { t, i18n } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => batchRedownloadLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { task } });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const reason = useSelector(actor, (s) => s.context.errorReason);
  const day = new Date(until).toLocaleDateString(i18n.language, { dateStyle: 'long' });
  const noteId = `task-download-note-${task}`;
  return (
    <div className="seconde-task-download">
      <Button
        variant="outlined"
        size="small"
        icon="download"
        text={t('tasks.download')}
        aria-label={t('tasks.downloadLabel', { name, label })}
        aria-describedby={noteId}
        loading={busy}
        onClick={() => actor.send({ type: 'batch.download' })}
        data-testid="task-download"
      />
      <span id={noteId} className={Classes.TEXT_MUTED} aria-live="polite">
        {failed
          ? t(reason === 'LABEL_BATCH_EXPIRED' ? 'tasks.downloadExpired' : 'tasks.downloadFailed')
          : t('tasks.downloadKeptUntil', { day })}
      </span>
    </div>
  );
}
