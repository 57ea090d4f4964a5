import { atom, useAtomValue, useStore } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor, type ActorRefFrom } from 'xstate';
import type { ExportKind } from '../../domain/exports/exportColumns.ts';
import type { ExportLogic } from '../../machines/export/exportActors.ts';
import { exportFileName, kindKey, sheetSpec } from '../../machines/export/exportSpec.ts';
import type { ExportRequest, FilterDescription } from '../../machines/export/exportTypes.ts';
import { useAppServices } from '../app/servicesContext.ts';
import { showToast } from '../components/toaster.ts';
import { localTasksAtom, upsertLocalTaskAtom } from '../tasks/localTasks.ts';

export type ExportActor = ActorRefFrom<ExportLogic>;

/**
 * The app's exports, at most one per kind, kept above every page: an export goes on while the
 * user closes its window or leaves the page, and the task panel reopens it. The export host
 * renders a window for each.
 */
export const exportActorsAtom = atom<Readonly<Partial<Record<ExportKind, ExportActor>>>>({});

export function useExportActor(kind: ExportKind): ExportActor | undefined {
  return useAtomValue(exportActorsAtom)[kind];
}

/**
 * Starts an export of the page's rows, or shows the one of that kind still running. Texts are
 * translated here, once: the worker gets them ready to write. The export's task follows it in
 * the background task panel, and special messages from the server become notifications.
 */
export function useStartExport() {
  const store = useStore();
  const { exportLogic } = useAppServices();
  const { t } = useTranslation();
  return useCallback(
    (request: ExportRequest, filters: readonly FilterDescription[]) => {
      const { kind } = request;
      const current = store.get(exportActorsAtom)[kind];
      if (current?.getSnapshot().hasTag('busy')) {
        current.send({ type: 'export.open' });
        return;
      }
      current?.stop();
      const now = Date.now();
      const actor = createActor(exportLogic, {
        input: {
          ...request,
          sheet: sheetSpec(kind, t, filters, now),
          fileName: exportFileName(t(kindKey('file', kind)), now),
        },
      });
      const id = `export-${kind}-${now}`;
      const label = t(kindKey('title', kind));
      const open = () => actor.send({ type: 'export.open' });
      actor.on('export.task', ({ status, current: done, total }) => {
        if (status === 'cancelled')
          store.set(
            localTasksAtom,
            store.get(localTasksAtom).filter((task) => task.id !== id),
          );
        else store.set(upsertLocalTaskAtom, { id, label, status, current: done, total, open });
      });
      actor.on('export.special', ({ message }) => showToast('warning', message));
      store.set(exportActorsAtom, { ...store.get(exportActorsAtom), [kind]: actor });
      actor.start();
    },
    [store, exportLogic, t],
  );
}
