import { Button, Classes, Icon, Intent, Spinner } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadFileRef } from '../../machines/upload/uploadMachine.ts';
import {
  MAX_PHOTO_MB,
  selectFileError,
  selectFileName,
  selectFileStatus,
  selectThumbnail,
} from '../../machines/upload/uploadSelectors.ts';
import type { FileStatus, UploadErrorCode } from '../../machines/upload/uploadTypes.ts';

const STATUS_KEY: Readonly<Record<FileStatus, string>> = {
  queued: 'upload.statusQueued',
  resizing: 'upload.statusResizing',
  prepared: 'upload.statusResized',
  uploading: 'upload.statusUploading',
  retrying: 'upload.statusRetrying',
  done: 'upload.statusDone',
  failed: 'upload.statusFailed',
  cancelled: 'upload.statusCancelled',
};

const ERROR_KEY: Partial<Record<UploadErrorCode, string>> = {
  notAnImage: 'upload.notAnImage',
  corrupt: 'upload.errorCorrupt',
  tooLarge: 'upload.errorTooLarge',
  unavailable: 'upload.errorNetwork',
  timeout: 'upload.errorNetwork',
};

/** An object URL for the thumbnail while the row shows it. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

export interface UploadRowProps {
  readonly file: UploadFileRef;
  readonly onCancel: () => void;
  readonly onRetry: () => void;
  readonly onRemove: () => void;
}

/** One photo of the batch: its thumbnail once resized, where it stands, what can be done. */
export function UploadRow({ file, onCancel, onRetry, onRemove }: UploadRowProps) {
  const { t } = useTranslation();
  const status = useSelector(file, selectFileStatus);
  const name = useSelector(file, selectFileName);
  const error = useSelector(file, selectFileError);
  const thumbnail = useObjectUrl(useSelector(file, selectThumbnail));
  const busy = status === 'resizing' || status === 'uploading' || status === 'retrying';
  const errorKey = error ? (ERROR_KEY[error] ?? 'upload.errorOther') : null;

  return (
    <li className="upload-row" data-testid="upload-row" data-status={status}>
      <span className="upload-thumb" aria-hidden={!thumbnail}>
        {thumbnail ? (
          <img src={thumbnail} alt={t('upload.thumbAlt', { filename: name })} />
        ) : (
          <Icon icon="media" className={Classes.TEXT_MUTED} />
        )}
      </span>
      <span className="upload-name">
        <span className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{name}</span>
        <span className={`upload-status ${Classes.TEXT_SMALL}`}>
          {busy && <Spinner size={12} />}
          {status === 'done' && <Icon icon="tick" intent={Intent.SUCCESS} size={12} />}
          {t(STATUS_KEY[status])}
        </span>
        {errorKey && (
          <span
            className={`upload-error ${Classes.INTENT_DANGER}`}
            data-testid="upload-error"
            data-code={error}
          >
            {t(errorKey, { filename: name, limit: MAX_PHOTO_MB })}
            {errorKey === 'upload.errorOther' && ` ${t(`errors.${error}`)}`}
          </span>
        )}
      </span>
      <span className="upload-row-actions">
        {status === 'failed' && (
          <Button
            small
            icon="refresh"
            aria-label={`${t('upload.retry')} ${name}`}
            onClick={onRetry}
          />
        )}
        {status !== 'done' && status !== 'failed' && status !== 'cancelled' && (
          <Button
            small
            minimal
            icon="cross"
            aria-label={`${t('upload.cancel')} ${name}`}
            onClick={onCancel}
          />
        )}
        {(status === 'failed' || status === 'cancelled' || status === 'done') && (
          <Button
            small
            minimal
            icon="trash"
            aria-label={`${t('upload.remove')} ${name}`}
            onClick={onRemove}
          />
        )}
      </span>
    </li>
  );
}
