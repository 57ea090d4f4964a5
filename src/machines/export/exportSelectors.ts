import type { SnapshotFrom } from 'xstate';
import type { exportMachine } from './exportMachine.ts';

type Snapshot = SnapshotFrom<typeof exportMachine>;

/** Where an export stands, as its window shows it. */
export type ExportPhase =
  'waiting' | 'fetching' | 'building' | 'downloading' | 'closed' | 'failed' | 'cancelled';

export function selectPhase(s: Snapshot): ExportPhase {
  if (s.matches({ running: { streaming: 'waiting' } })) return 'waiting';
  // Every row counted, the stream's end not yet in: still fetching, as far as the user sees.
  if (s.matches({ running: { streaming: 'fetching' } }) || s.matches({ running: 'counted' }))
    return 'fetching';
  if (s.matches({ running: 'building' })) return 'building';
  return s.value as Exclude<ExportPhase, 'waiting' | 'fetching' | 'building'>;
}

/** 0..1 while rows are counted; undefined while the amount of work is unknown. */
export function selectFraction(s: Snapshot): number | undefined {
  const phase = selectPhase(s);
  if (phase === 'fetching') return s.context.count > 0 ? s.context.progress / s.context.count : 1;
  if (phase === 'downloading' || phase === 'closed') return 1;
  return undefined;
}

export const selectShown = (s: Snapshot) => s.context.shown;
export const selectKind = (s: Snapshot) => s.context.kind;
export const selectCount = (s: Snapshot) => s.context.count;
export const selectProgress = (s: Snapshot) => s.context.progress;
export const selectSpecial = (s: Snapshot) => s.context.special;
export const selectErrorCode = (s: Snapshot) => s.context.errorCode;
export const selectFileName = (s: Snapshot) => s.context.fileName;
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectCanCancel = (s: Snapshot) => s.can({ type: 'export.cancel' });
export const selectCanRetry = (s: Snapshot) => s.can({ type: 'export.retry' });
export const selectCanDownload = (s: Snapshot) => s.can({ type: 'export.download' });
