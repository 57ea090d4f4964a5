import { Button, Callout, NonIdealState, Spinner } from '@blueprintjs/core';
import { useDroppable } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ownerKey } from '../../machines/imageList/imageItem.ts';
import { imageListLogic } from '../../machines/imageList/imageListActors.ts';
import { errorI18nKey } from '../../machines/imageList/imageListErrors.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { BoardContext, type DragData } from './boardContext.ts';
import { ImageBoard } from './ImageBoard.tsx';
import { ImageTile } from './ImageTile.tsx';

/** Whose photos a list shows. */
export type ImageOwner =
  | { readonly kind: 'deposit'; readonly uuid: string }
  | { readonly kind: 'product'; readonly uuid: string };

export interface ImageListProps {
  readonly owner: ImageOwner;
  /** Shows a select checkbox on each tile. */
  readonly selectable?: boolean;
  readonly selected?: ReadonlySet<string>;
  readonly onSelectedChange?: (selected: ReadonlySet<string>) => void;
  /** Read-only lists (invoiced product, customer) show tiles without rotate, delete or drag. */
  readonly readOnly?: boolean;
  /** Changing it reloads the list (after an upload, say). */
  readonly reloadKey?: number;
  /** The list's name for screen readers (a product's name); the kind of photos by default. */
  readonly label?: string;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * A sortable list of image tiles (rotate, delete, hover preview, drag to reorder and to move to
 * another list inside the same ImageBoard). Outside a board it makes its own.
 */
export function ImageList(props: ImageListProps) {
  const board = useContext(BoardContext);
  const key = ownerKey(props.owner);
  if (!board)
    return (
      <ImageBoard>
        <BoardList key={key} {...props} />
      </ImageBoard>
    );
  return <BoardList key={key} {...props} />;
}

function BoardList(props: ImageListProps) {
  const { owner, selectable = false, readOnly = false, reloadKey = 0 } = props;
  const { t } = useTranslation();
  const board = useContext(BoardContext)!;
  const { clients } = useAppServices();
  const logic = useMemo(() => imageListLogic(clients), [clients]);
  const actor = useActorRef(logic, { input: { owner } });
  const items = useSelector(actor, (s) => s.context.items);
  const fit = useSelector(actor, (s) => s.context.fit);
  const loading = useSelector(actor, (s) => s.matches('loading') && s.context.items.length === 0);
  const loadFailed = useSelector(actor, (s) => s.matches('failed'));
  const refusedCode = useSelector(actor, (s) => (s.matches('ready') ? s.context.errorCode : null));
  const key = ownerKey(owner);
  const label =
    props.label ?? t(owner.kind === 'deposit' ? 'photos.depositList' : 'photos.productList');
  const selected = props.selected ?? NONE;
  const { onSelectedChange } = props;

  useEffect(
    () =>
      board.register(key, {
        owner,
        label,
        readOnly,
        uuids: () => actor.getSnapshot().context.items.map((item) => item.uuid),
        send: (event) => actor.send(event),
      }),
    [board, key, owner, label, readOnly, actor],
  );
  useEffect(() => {
    const subscription = actor.on('images.moved', (event) => board.reload(event.to));
    return () => subscription.unsubscribe();
  }, [actor, board]);
  const shownKey = useRef(reloadKey);
  useEffect(() => {
    if (shownKey.current === reloadKey) return;
    shownKey.current = reloadKey;
    actor.send({ type: 'list.reload' });
  }, [actor, reloadKey]);
  // Photos that left the list (moved, deleted) leave the selection too.
  useEffect(() => {
    if (!onSelectedChange || selected.size === 0 || loading) return;
    const present = new Set(items.map((item) => item.uuid));
    const kept = [...selected].filter((uuid) => present.has(uuid));
    if (kept.length !== selected.size) onSelectedChange(new Set(kept));
  }, [items, selected, onSelectedChange, loading]);

  const droppable = useDroppable({
    id: `list:${key}`,
    data: { ownerKey: key } satisfies DragData,
    disabled: readOnly,
  });

  if (loadFailed)
    return (
      <NonIdealState
        icon="error"
        description={t('photos.loadFailed')}
        action={
          <Button text={t('photos.retry')} onClick={() => actor.send({ type: 'list.retry' })} />
        }
      />
    );

  const toggle = (uuid: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(uuid);
    else next.delete(uuid);
    onSelectedChange?.(next);
  };

  return (
    <section className="seconde-image-list" aria-label={label} data-testid={`image-list-${key}`}>
      <div className="seconde-image-list-bar">
        <Button
          variant="minimal"
          size="small"
          icon={fit === 'cover' ? 'zoom-to-fit' : 'fullscreen'}
          text={t(fit === 'cover' ? 'photos.fitContain' : 'photos.fitCover')}
          onClick={() =>
            actor.send({ type: 'list.fit', fit: fit === 'cover' ? 'contain' : 'cover' })
          }
        />
      </div>
      {refusedCode && (
        <Callout intent="danger" role="alert" className="seconde-image-list-error">
          {t(errorI18nKey(refusedCode))}{' '}
          <Button
            variant="minimal"
            size="small"
            text={t('photos.dismiss')}
            onClick={() => actor.send({ type: 'list.dismiss' })}
          />
        </Callout>
      )}
      <SortableContext items={items.map((item) => item.uuid)} strategy={rectSortingStrategy}>
        <ul ref={droppable.setNodeRef} className="seconde-image-grid" aria-busy={loading}>
          {items.map((item) => (
            <ImageTile
              key={item.uuid}
              item={item}
              ownerKey={key}
              ownerKind={owner.kind}
              fit={fit}
              readOnly={readOnly}
              selectable={selectable}
              selected={selected.has(item.uuid)}
              onSelect={(on) => toggle(item.uuid, on)}
              onDelete={() => actor.send({ type: 'list.delete', uuid: item.uuid })}
            />
          ))}
          {loading && (
            <li className="seconde-image-empty">
              <Spinner size={20} aria-label={t('photos.loading')} />
            </li>
          )}
          {!loading && items.length === 0 && (
            <li className="seconde-image-empty">
              {t(readOnly ? 'photos.empty' : 'photos.emptyDrop')}
            </li>
          )}
        </ul>
      </SortableContext>
    </section>
  );
}
