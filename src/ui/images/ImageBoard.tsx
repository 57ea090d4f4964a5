import {
  closestCenter,
  DndContext,
  pointerWithin,
  type CollisionDetection,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moveUuid, ownerKey } from '../../machines/imageList/imageItem.ts';
import { photoAnnouncements } from './announcements.ts';
import { BoardContext, type Board, type BoardList, type DragData } from './boardContext.ts';
import './images.css';

/**
 * Under a pointer, the tile it is over (else the list it is over) wins, so a photo dropped on a
 * short product strip lands there even when tiles of a longer list are nearer. The keyboard has
 * no pointer: the nearest tile or list wins.
 */
const photoCollisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length === 0) return closestCenter(args);
  const isTile = (id: string | number) =>
    Boolean((args.droppableContainers.find((d) => d.id === id)?.data.current as DragData)?.uuid);
  const tiles = within.filter((collision) => isTile(collision.id));
  return tiles.length > 0 ? tiles : within;
};

/**
 * One drag and drop area for several photo lists (a deposit's photos and its products): a tile
 * dropped in its own list reorders it, dropped on another list moves the photo there. Mouse and
 * touch drag the handle; the keyboard picks it up with space, moves with the arrows and drops
 * with space again, announced in the user's language.
 */
export function ImageBoard({ children }: { readonly children: ReactNode }) {
  const { t } = useTranslation();
  const lists = useRef(new Map<string, BoardList>());
  const [dragged, setDragged] = useState<string | null>(null);
  const board = useMemo<Board>(
    () => ({
      register(key, list) {
        lists.current.set(key, list);
        return () => {
          if (lists.current.get(key) === list) lists.current.delete(key);
        };
      },
      reload(owner) {
        lists.current.get(ownerKey(owner))?.send({ type: 'list.reload' });
      },
      list: (key) => lists.current.get(key),
    }),
    [],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useMemo(
    () => ({
      announcements: photoAnnouncements(t, board),
      screenReaderInstructions: { draggable: t('photos.dragInstructions') },
    }),
    [t, board],
  );

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current as DragData | undefined;
    setDragged(data?.uuid ?? null);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const from = active.data.current as DragData | undefined;
    const to = over?.data.current as DragData | undefined;
    if (!from?.uuid || !to) return;
    const source = lists.current.get(from.ownerKey);
    const target = lists.current.get(to.ownerKey);
    if (!source || !target || source.readOnly) return;
    if (from.ownerKey === to.ownerKey) {
      const uuids = source.uuids();
      const fromIndex = uuids.indexOf(from.uuid);
      const toIndex = to.uuid ? uuids.indexOf(to.uuid) : uuids.length - 1;
      if (fromIndex < 0 || toIndex < 0 || fromIndex === toIndex) return;
      source.send({ type: 'list.reorder', uuids: moveUuid(uuids, fromIndex, toIndex) });
      return;
    }
    if (target.readOnly) return;
    source.send({ type: 'list.move', uuid: from.uuid, to: target.owner });
  };

  return (
    <BoardContext.Provider value={board}>
      <DndContext
        sensors={sensors}
        collisionDetection={photoCollisions}
        accessibility={accessibility}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
      >
        {children}
        <DragOverlay>{dragged ? <DraggedTile uuid={dragged} /> : null}</DragOverlay>
      </DndContext>
    </BoardContext.Provider>
  );
}

/** The tile under the pointer while it crosses lists: a copy of the photo on screen. */
function DraggedTile({ uuid }: { readonly uuid: string }) {
  const source = document.querySelector<HTMLImageElement>(
    `[data-uuid="${CSS.escape(uuid)}"] img.seconde-tile-image`,
  );
  return (
    <div className="seconde-tile seconde-tile-overlay" aria-hidden>
      {source && <img src={source.src} alt="" className="seconde-tile-image" />}
    </div>
  );
}
