import type { Announcements, DragEndEvent, DragOverEvent, DragStartEvent } from '@dnd-kit/core';
import type { TFunction } from 'i18next';
import type { Board, DragData } from './boardContext.ts';

type Described = DragStartEvent['active'] | DragEndEvent['over'];

interface SortableData extends DragData {
  readonly sortable?: { readonly index: number };
}

/** "photo 3 of the deposit's photos", from what dnd-kit knows of a tile or a list. */
function where(t: TFunction, board: Board, target: Described): string {
  if (!target) return t('photos.announceNowhere');
  const data = (target.data.current ?? {}) as SortableData;
  const list = board.list(data.ownerKey ?? '');
  const name = list?.label ?? '';
  if (data.sortable)
    return t('photos.announcePosition', { position: data.sortable.index + 1, list: name });
  return t('photos.announceList', { list: name });
}

/** Screen reader texts for dragging photos, in the user's language. */
export function photoAnnouncements(t: TFunction, board: Board): Announcements {
  return {
    onDragStart: ({ active }: DragStartEvent) =>
      t('photos.announceStart', { where: where(t, board, active) }),
    onDragOver: ({ over }: DragOverEvent) =>
      over
        ? t('photos.announceOver', { where: where(t, board, over) })
        : t('photos.announceNowhere'),
    onDragEnd: ({ over }: DragEndEvent) =>
      over
        ? t('photos.announceDrop', { where: where(t, board, over) })
        : t('photos.announceCancel'),
    onDragCancel: () => t('photos.announceCancel'),
  };
}
