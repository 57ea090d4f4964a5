import { createContext } from 'react';
import type { ImageListOwner } from '../../machines/imageList/imageItem.ts';
import type { ImageListEvent } from '../../machines/imageList/imageListMachine.ts';

/** What a list tells the board it sits in, so drops can reorder it or move photos onto it. */
export interface BoardList {
  readonly owner: ImageListOwner;
  readonly label: string;
  readonly readOnly: boolean;
  /** The photos' uuids in the order on screen. */
  readonly uuids: () => readonly string[];
  readonly send: (event: ImageListEvent) => void;
}

export interface Board {
  /** Adds a list; the returned function removes it. */
  register(key: string, list: BoardList): () => void;
  /** Loads a list again (it gained a photo). */
  reload(owner: ImageListOwner): void;
  list(key: string): BoardList | undefined;
}

/** The drag and drop area shared by the lists of one screen. */
export const BoardContext = createContext<Board | null>(null);

/** What each draggable tile and each list carries, to tell where a drop lands. */
export interface DragData {
  readonly ownerKey: string;
  readonly uuid?: string;
}
