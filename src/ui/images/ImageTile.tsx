import { Alert, Button, Checkbox, Classes, Icon } from '@blueprintjs/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import {
  mediaUrl,
  type ImageItem,
  type ImageListOwner,
} from '../../machines/imageList/imageItem.ts';
import { rotateLogic } from '../../machines/imageList/imageListActors.ts';
import type { TileFit } from '../../machines/imageList/imageListMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';
import type { DragData } from './boardContext.ts';
import { previewBox, type Rect } from './previewBox.ts';

export interface ImageTileProps {
  readonly item: ImageItem;
  readonly ownerKey: string;
  readonly ownerKind: ImageListOwner['kind'];
  readonly fit: TileFit;
  readonly readOnly: boolean;
  /** Shows the select checkbox. */
  readonly selectable: boolean;
  readonly selected: boolean;
  readonly onSelect: (selected: boolean) => void;
  readonly onDelete: () => void;
}

/**
 * One photo: select, rotate (a quarter per click, shown at once, saved after a pause), delete
 * after a confirmation, drag by its handle, and an enlarged preview on hover or keyboard focus.
 */
export function ImageTile(props: ImageTileProps) {
  const { item, ownerKey, fit, readOnly, selectable, selected } = props;
  const { t } = useTranslation();
  const { clients } = useAppServices();
  const logic = useMemo(() => rotateLogic(clients, props.ownerKind), [clients, props.ownerKind]);
  const rotate = useActorRef(logic, { input: { uuid: item.uuid, rotation: item.rotation } });
  const saved = useSelector(rotate, (s) => s.context.saved);
  const turn = useSelector(rotate, (s) => s.context.pending);
  const rotateFailed = useSelector(rotate, (s) => s.hasTag('error'));
  const sortable = useSortable({
    id: item.uuid,
    data: { ownerKey, uuid: item.uuid } satisfies DragData,
    disabled: readOnly,
  });
  const [confirming, setConfirming] = useState(false);
  const [preview, setPreview] = useState<Rect | null>(null);
  const position = item.order;

  const style: CSSProperties = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
  };
  const imageStyle: CSSProperties = { transform: `rotate(${turn}deg)`, objectFit: fit };
  const showPreview = (element: HTMLElement) => {
    const r = element.getBoundingClientRect();
    setPreview(
      previewBox(
        { left: r.left, top: r.top, width: r.width, height: r.height },
        { width: window.innerWidth, height: window.innerHeight },
      ),
    );
  };

  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className={`seconde-tile${sortable.isDragging ? ' seconde-tile-dragging' : ''}`}
      data-testid="image-tile"
      data-uuid={item.uuid}
      data-rotation={saved}
      onMouseEnter={(e) => showPreview(e.currentTarget)}
      onMouseLeave={() => setPreview(null)}
      onFocus={(e) => showPreview(e.currentTarget)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPreview(null);
      }}
    >
      <div className="seconde-tile-frame">
        <img
          className="seconde-tile-image"
          src={mediaUrl(item.image256 || item.image, saved)}
          alt={t('photos.photoAlt', { position })}
          style={imageStyle}
          loading="lazy"
          draggable={false}
        />
      </div>
      <div className="seconde-tile-tools">
        {selectable && (
          <Checkbox
            className="seconde-tile-select"
            checked={selected}
            aria-label={t('photos.select', { position })}
            onChange={(e) => props.onSelect(e.currentTarget.checked)}
          />
        )}
        {!readOnly && (
          <>
            <button
              type="button"
              ref={sortable.setActivatorNodeRef}
              className={`${Classes.BUTTON} ${Classes.MINIMAL} seconde-tile-handle`}
              {...sortable.attributes}
              {...sortable.listeners}
              aria-label={t('photos.drag', { position })}
              data-testid="tile-drag"
            >
              <Icon icon="drag-handle-vertical" />
            </button>
            <Button
              variant="minimal"
              icon="image-rotate-right"
              aria-label={t('photos.rotate', { position })}
              data-testid="tile-rotate"
              onClick={() => rotate.send({ type: 'rotate.click' })}
            />
            <Button
              variant="minimal"
              intent="danger"
              icon="trash"
              aria-label={t('photos.delete', { position })}
              data-testid="tile-delete"
              onClick={() => setConfirming(true)}
            />
          </>
        )}
      </div>
      {rotateFailed && (
        <p role="alert" className="seconde-tile-error">
          {t('photos.rotateFailed')}
        </p>
      )}
      <Alert
        isOpen={confirming}
        intent="danger"
        icon="trash"
        confirmButtonText={t('photos.deleteConfirm')}
        cancelButtonText={t('photos.cancel')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          props.onDelete();
        }}
      >
        <p>{t('photos.deleteQuestion', { position })}</p>
      </Alert>
      {preview &&
        !sortable.isDragging &&
        createPortal(
          <div
            className="seconde-tile-preview"
            aria-hidden
            style={{
              left: preview.left,
              top: preview.top,
              width: preview.width,
              height: preview.height,
            }}
          >
            <img
              src={mediaUrl(item.image, saved)}
              alt=""
              style={{ transform: `rotate(${turn}deg)` }}
            />
          </div>,
          document.body,
        )}
    </li>
  );
}
