import type { SnapshotFrom } from 'xstate';
import type { UploadFileMachineSnapshot } from './uploadFileMachine.ts';
import type { BatchFile, UploadMachine } from './uploadMachine.ts';
import type { FileStatus, UploadErrorCode } from './uploadTypes.ts';

type Snapshot = SnapshotFrom<UploadMachine>;

export const selectFiles = (s: Snapshot): readonly BatchFile[] => s.context.files;
export const selectIsWorking = (s: Snapshot) => s.hasTag('working');
export const selectCounts = (s: Snapshot) => {
  const counts = { total: 0, done: 0, failed: 0 };
  for (const f of s.context.files) {
    if (f.status === 'cancelled') continue;
    counts.total++;
    if (f.status === 'done') counts.done++;
    if (f.status === 'failed') counts.failed++;
  }
  return counts;
};
/** Counts compared by value, so a view re-renders only when one changes. */
export const sameCounts = (
  a: ReturnType<typeof selectCounts>,
  b: ReturnType<typeof selectCounts>,
) => a.total === b.total && a.done === b.done && a.failed === b.failed;
export const selectHasSettled = (s: Snapshot) =>
  s.context.files.some((f) => f.status === 'done' || f.status === 'cancelled');

/** Per file, as its row shows it. */
export const selectFileStatus = (s: UploadFileMachineSnapshot): FileStatus =>
  s.matches('retrying') ? 'retrying' : (s.value as FileStatus);
export const selectFileName = (s: UploadFileMachineSnapshot) => s.context.file.name;
export const selectThumbnail = (s: UploadFileMachineSnapshot) => s.context.photo?.thumbnail ?? null;
export const selectFileError = (s: UploadFileMachineSnapshot): UploadErrorCode | null =>
  s.context.errorCode;
export const selectIsPending = (s: UploadFileMachineSnapshot) => s.hasTag('pending');

/** The file size limit the browser applies, in MB, for the too-large message. */
export { MAX_PHOTO_MB } from '../../domain/images/acceptFiles.ts';
