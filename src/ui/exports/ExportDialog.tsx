import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  Intent,
  ProgressBar,
} from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCanCancel,
  selectCanDownload,
  selectCanRetry,
  selectCount,
  selectErrorCode,
  selectFileName,
  selectFraction,
  selectIsBusy,
  selectKind,
  selectPhase,
  selectProgress,
  selectShown,
  selectSpecial,
  type ExportPhase,
} from '../../machines/export/exportSelectors.ts';
import { kindKey } from '../../machines/export/exportSpec.ts';
import type { ExportActor } from './exportsState.ts';

const STATUS_KEY: Readonly<Record<ExportPhase, string>> = {
  waiting: 'exports.waiting',
  fetching: 'exports.fetched',
  building: 'exports.building',
  downloading: 'exports.downloading',
  closed: 'exports.done',
  failed: 'exports.failed',
  cancelled: 'exports.cancelled',
};

/**
 * The status line, the bar and the screen reader's announcement: the only part that follows
 * each progress message, so the window itself (an overlay, its buttons) is drawn again only
 * when the phase changes.
 */
function ExportProgress({ actor }: { readonly actor: ExportActor }) {
  const { t, i18n } = useTranslation();
  const phase = useSelector(actor, selectPhase);
  const fraction = useSelector(actor, selectFraction);
  const count = useSelector(actor, selectCount);
  const progress = useSelector(actor, selectProgress);
  const fileName = useSelector(actor, selectFileName);
  const busy = useSelector(actor, selectIsBusy);
  // Built once per language: a formatter costs more to make than the whole window to draw.
  const number = useMemo(() => new Intl.NumberFormat(i18n.language), [i18n.language]);
  const status = t(STATUS_KEY[phase], {
    progress: number.format(progress),
    count: number.format(count),
    fileName,
  });
  // Screen readers hear each phase and every tenth of the rows, not every batch.
  const announcement =
    phase === 'fetching'
      ? t('exports.announceFetched', { percent: Math.floor((fraction ?? 0) * 10) * 10 })
      : status;
  return (
    <>
      <p data-testid="export-status" data-phase={phase}>
        {status}
      </p>
      {phase !== 'failed' && phase !== 'cancelled' && (
        <ProgressBar
          value={fraction}
          // Stripes move only until the server answers: a counted bar moves itself, and moving
          // stripes repaint the page under the window each frame while the file is built.
          animate={phase === 'waiting'}
          stripes={busy}
          intent={phase === 'closed' ? Intent.SUCCESS : Intent.PRIMARY}
          aria-label={t('exports.progressLabel')}
          aria-valuetext={status}
          data-testid="export-progress"
        />
      )}
      <p className="seconde-sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </>
  );
}

/**
 * The export window (80% wide): indeterminate progress until the server answers, then rows
 * fetched out of the total, then the file being built. Closing it leaves the export running; the
 * background task panel shows it and opens it again.
 */
export function ExportDialog({ actor }: { readonly actor: ExportActor }) {
  const { t } = useTranslation();
  const shown = useSelector(actor, selectShown);
  const kind = useSelector(actor, selectKind);
  const special = useSelector(actor, selectSpecial);
  const errorCode = useSelector(actor, selectErrorCode);
  const busy = useSelector(actor, selectIsBusy);
  const canCancel = useSelector(actor, selectCanCancel);
  const canRetry = useSelector(actor, selectCanRetry);
  const canDownload = useSelector(actor, selectCanDownload);
  const close = () => actor.send({ type: 'export.close' });

  return (
    <Dialog
      isOpen={shown}
      onClose={close}
      title={t(kindKey('title', kind))}
      icon="export"
      className="seconde-export-dialog"
    >
      <DialogBody>
        <ExportProgress actor={actor} />
        {special && (
          <Callout intent={Intent.WARNING} title={t('exports.serverMessage')}>
            {special}
          </Callout>
        )}
        {errorCode && (
          <Callout intent={Intent.DANGER} data-testid="export-error">
            {t(`errors.${errorCode}`)}
          </Callout>
        )}
        {busy && <p className={Classes.TEXT_MUTED}>{t('exports.keepWorking')}</p>}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {canCancel && (
              <Button
                intent={Intent.DANGER}
                variant="outlined"
                text={t('exports.cancel')}
                onClick={() => actor.send({ type: 'export.cancel' })}
                data-testid="export-cancel"
              />
            )}
            {canRetry && (
              <Button
                intent={Intent.PRIMARY}
                icon="refresh"
                text={t('exports.retry')}
                onClick={() => actor.send({ type: 'export.retry' })}
                data-testid="export-retry"
              />
            )}
            {canDownload && (
              <Button
                icon="download"
                text={t('exports.downloadAgain')}
                onClick={() => actor.send({ type: 'export.download' })}
              />
            )}
            <Button text={t('exports.close')} onClick={close} data-testid="export-close" />
          </>
        }
      />
    </Dialog>
  );
}
