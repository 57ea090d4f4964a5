import './upload.css';
import { Button, Callout, Classes, Intent, ProgressBar } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCEPT_ATTRIBUTE,
  acceptFiles,
  type AcceptMessage,
} from '../../domain/images/acceptFiles.ts';
import { uploadService } from '../../machines/upload/uploadActors.ts';
import {
  sameCounts,
  selectCounts,
  selectFiles,
  selectHasSettled,
  selectIsWorking,
} from '../../machines/upload/uploadSelectors.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { showToast } from '../components/toaster.ts';
import { UploadRow } from './UploadRow.tsx';
import type { UploadDestination } from '../../machines/upload/uploadTypes.ts';

/** Where uploaded photos go: a deposit's photos (from the vendor or the customer) or a product's. */
export type UploadTarget = UploadDestination;

export interface UploadZoneProps {
  readonly target: UploadTarget;
  /** Called once per photo stored by the server, with its uuid. */
  readonly onUploaded?: (uuid: string) => void;
  readonly disabled?: boolean;
}

/**
 * The one upload component (file picker, drag and drop, phone camera): validates, resizes in the
 * image workers and uploads through the upload machine.
 */
export function UploadZone({ target, onUploaded, disabled = false }: UploadZoneProps) {
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const service = useMemo(() => uploadService({ clients }), [clients]);
  const actor = useActorRef(service.logic, { input: service.input(target) });
  const files = useSelector(actor, selectFiles);
  const counts = useSelector(actor, selectCounts, sameCounts);
  const working = useSelector(actor, selectIsWorking);
  const hasSettled = useSelector(actor, selectHasSettled);
  const [message, setMessage] = useState<AcceptMessage | null>(null);
  const [dragging, setDragging] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const titleId = useId();

  const uploaded = useRef(onUploaded);
  useEffect(() => {
    uploaded.current = onUploaded;
  }, [onUploaded]);
  useEffect(() => {
    const sub = actor.on('upload.stored', (e) => uploaded.current?.(e.uuid));
    return () => sub.unsubscribe();
  }, [actor]);

  const messageText = (m: AcceptMessage) => {
    const { key, level: _, ...values } = m;
    return t(key, values);
  };

  const take = (list: FileList | null) => {
    if (disabled || !list || list.length === 0) return;
    const { accepted, message: next } = acceptFiles([...list]);
    setMessage(next);
    if (next) showToast(next.level === 'error' ? 'danger' : 'warning', messageText(next));
    if (accepted.length > 0) actor.send({ type: 'upload.add', files: accepted });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };
  const onDragOver = (event: DragEvent) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    <section className="upload-zone" aria-labelledby={titleId} data-testid="upload-zone">
      <div
        className={`upload-drop${dragging ? ' upload-drop-active' : ''}${disabled ? ` ${Classes.TEXT_DISABLED}` : ''}`}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p id={titleId} className="upload-title">
          {t('upload.dropHere')}
        </p>
        <div className="upload-actions">
          <Button
            icon="folder-open"
            intent={Intent.PRIMARY}
            text={t('upload.choose')}
            disabled={disabled}
            onClick={() => picker.current?.click()}
          />
          <Button
            icon="camera"
            className="upload-camera"
            text={t('upload.camera')}
            disabled={disabled}
            onClick={() => camera.current?.click()}
          />
        </div>
        <input
          ref={picker}
          className="upload-input"
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          aria-label={t('upload.choose')}
          data-testid="upload-input"
          disabled={disabled}
          tabIndex={-1}
          onChange={(e) => {
            take(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
        <input
          ref={camera}
          className="upload-input"
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={t('upload.camera')}
          disabled={disabled}
          tabIndex={-1}
          onChange={(e) => {
            take(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
      </div>
      {message && (
        <Callout
          intent={message.level === 'error' ? Intent.DANGER : Intent.WARNING}
          role={message.level === 'error' ? 'alert' : 'status'}
          data-testid="upload-message"
        >
          {messageText(message)}
        </Callout>
      )}
      {files.length > 0 && (
        <div className="upload-batch">
          <ProgressBar
            value={counts.total ? counts.done / counts.total : 0}
            intent={counts.failed ? Intent.WARNING : Intent.SUCCESS}
            stripes={working}
            animate={working}
          />
          <p
            className="upload-summary"
            role="status"
            aria-live="polite"
            data-testid="upload-progress"
          >
            {t('upload.progress', { done: counts.done, total: counts.total })}
          </p>
          <div className="upload-actions">
            {working && (
              <Button
                small
                text={t('upload.cancelAll')}
                onClick={() => actor.send({ type: 'upload.cancel' })}
              />
            )}
            {counts.failed > 0 && (
              <Button
                small
                icon="refresh"
                text={t('upload.retryFailed')}
                onClick={() => actor.send({ type: 'upload.retry' })}
              />
            )}
            {hasSettled && (
              <Button
                small
                minimal
                text={t('upload.clear')}
                onClick={() => actor.send({ type: 'upload.clear' })}
              />
            )}
          </div>
          <ul className="upload-list" aria-label={t('upload.listLabel')}>
            {files.map((f) => (
              <UploadRow
                key={f.id}
                file={f.ref}
                onCancel={() => actor.send({ type: 'upload.cancelFile', id: f.id })}
                onRetry={() => actor.send({ type: 'upload.retryFile', id: f.id })}
                onRemove={() => actor.send({ type: 'upload.remove', id: f.id })}
              />
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
