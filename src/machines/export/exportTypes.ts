import type { ExportKind } from '../../domain/exports/exportColumns.ts';
import type { AppErrorCode } from '../../rpc/errors.ts';
import type { SnapshotFrom } from 'xstate';
import type { relayedStreamProgress } from '../streamProgress/streamProgressActors.ts';
import type { FilterDescription, SheetSpec } from '../../workers/spreadsheet/sheetSpec.ts';

export type { FilterDescription };

/** Which rows to export: the list's filters header and ordering, as the list page sends them. */
export interface ExportRequest {
  readonly kind: ExportKind;
  readonly filters: Readonly<Record<string, unknown>>;
  /** One ordering key, `-` for descending. */
  readonly ordering: string;
  /** The list's search box words, '' for none. */
  readonly search: string;
}

export interface ExportInput extends ExportRequest {
  /** Translated headers, labels and filters sheet (see `sheetSpec`). */
  readonly sheet: SheetSpec;
  /** `stock-2026-11-24.xlsx`. */
  readonly fileName: string;
}

/** What the `runExport` actor works from. */
export interface RunExportInput extends ExportRequest {
  readonly sheet: SheetSpec;
}

export interface SaveFileInput {
  readonly file: Blob;
  readonly fileName: string;
}

export interface ExportContext extends ExportInput {
  /** The stream child's count and progress, kept for the window and the task panel. */
  readonly count: number;
  readonly progress: number;
  /** The stream child's last special message, shown in the window. */
  readonly special: string | null;
  readonly file: Blob | null;
  /** Set exactly while the machine is in a state tagged `error`. */
  readonly errorCode: AppErrorCode | null;
  /** Whether the export window is open; the export runs on while it is closed. */
  readonly shown: boolean;
}

/** Facts the `runExport` actor reports while it streams and builds. */
export type ExportProgressEvent =
  | { type: 'export.progressed'; count: number; progress: number }
  | { type: 'export.special'; message: string }
  /** The stream's end reached the worker: it builds the file. */
  | { type: 'export.building' }
  | { type: 'export.built'; file: Blob }
  | { type: 'export.failed'; error: unknown };

/** What the user asks for. */
export type ExportIntent =
  | { type: 'export.cancel' }
  | { type: 'export.retry' }
  | { type: 'export.download' }
  | { type: 'export.open' }
  | { type: 'export.close' };

export type StreamSnapshot = SnapshotFrom<typeof relayedStreamProgress>;

/** Every snapshot of the stream progress child (invoked as `stream`), sent to the export. */
export type StreamSnapshotEvent = { type: 'xstate.snapshot.stream'; snapshot: StreamSnapshot };

export type ExportEvent = ExportProgressEvent | ExportIntent | StreamSnapshotEvent;

/** How the background task panel shows the export. `cancelled` removes it. */
export type ExportTaskStatus = 'waiting' | 'running' | 'completed' | 'error' | 'cancelled';

export type ExportEmitted =
  | { type: 'export.task'; status: ExportTaskStatus; current: number; total: number }
  | { type: 'export.special'; message: string };
