import type { SnapshotFrom } from 'xstate';
import { errorI18nKey } from '../../rpc/errors.ts';
import type { depositListMachine } from './depositListMachine.ts';

type Snapshot = SnapshotFrom<typeof depositListMachine>;

/** Narrow reads of the deposit list for its view. */
export const selectFilters = (s: Snapshot) => s.context.filters;
export const selectOrdering = (s: Snapshot) => s.context.ordering;
export const selectRows = (s: Snapshot) => s.context.rows;
export const selectCount = (s: Snapshot) => s.context.count;
export const selectPage = (s: Snapshot) => s.context.page;
export const selectPages = (s: Snapshot) =>
  Math.max(1, Math.ceil(s.context.count / s.context.pageSize));
export const selectStatusCounts = (s: Snapshot) => s.context.statusCounts;
export const selectOptions = (s: Snapshot) => s.context.options;
export const selectViewer = (s: Snapshot) => s.context.viewer;
export const selectIsBusy = (s: Snapshot) => s.hasTag('busy');
export const selectHasLoaded = (s: Snapshot) => s.matches('ready') || s.context.rows.length > 0;
/** Text key of the failure, or null. */
export const selectErrorKey = (s: Snapshot): string | null =>
  s.context.errorCode === null ? null : errorI18nKey(s.context.errorCode);
