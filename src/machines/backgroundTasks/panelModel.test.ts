import { describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { LABEL_BATCH_KEPT_DAYS } from '../../domain/shipping/labelBatch.ts';
import {
  BackgroundTaskSchema,
  BackgroundTaskStatus,
  TaskName,
} from '../../rpc/gen/seconde/v1/background_task_pb.ts';
import {
  fromLocalTask,
  fromServerTask,
  isUnfinished,
  newlyCompleted,
  panelHeight,
  type PanelTask,
} from './panelModel.ts';

const server = (status: BackgroundTaskStatus, taskName = TaskName.IMPORT_MARKETPLACE_PROFILE) =>
  fromServerTask(
    create(BackgroundTaskSchema, {
      uuid: `t-${status}`,
      status,
      taskName,
      label: 'https://www.vinted.fr/member/1-a',
      currentItemNumber: 3,
      totalItems: 8,
    }),
  );

describe('the task panel model', () => {
  it('shows created and scheduled tasks as waiting, and keeps their count', () => {
    expect(server(BackgroundTaskStatus.CREATED).status).toBe('waiting');
    expect(server(BackgroundTaskStatus.SCHEDULED).status).toBe('waiting');
    expect(server(BackgroundTaskStatus.RUNNING)).toMatchObject({
      status: 'running',
      current: 3,
      total: 8,
      nameKey: 'tasks.nameMarketplaceProfile',
      source: 'server',
    });
    expect(server(BackgroundTaskStatus.COMPLETED).status).toBe('completed');
    expect(server(BackgroundTaskStatus.ERROR).status).toBe('error');
    expect(server(BackgroundTaskStatus.RUNNING, TaskName.IMPORT_CUSTOMERS).nameKey).toBe(
      'tasks.nameCustomers',
    );
  });

  it('counts waiting and running tasks as unfinished', () => {
    const local = fromLocalTask({
      id: 'x',
      label: 'Export',
      status: 'running',
      current: 1,
      total: 2,
    });
    expect(local).toMatchObject({ source: 'local', nameKey: null, label: 'Export' });
    expect(isUnfinished(local)).toBe(true);
    expect(isUnfinished(server(BackgroundTaskStatus.SCHEDULED))).toBe(true);
    expect(isUnfinished(server(BackgroundTaskStatus.COMPLETED))).toBe(false);
    expect(isUnfinished(server(BackgroundTaskStatus.ERROR))).toBe(false);
  });

  it('is 120 high, plus 80 per task and 150 per task in error', () => {
    expect(panelHeight([])).toBe(120);
    expect(panelHeight([server(BackgroundTaskStatus.RUNNING)])).toBe(200);
    expect(
      panelHeight([
        server(BackgroundTaskStatus.RUNNING),
        server(BackgroundTaskStatus.ERROR),
        server(BackgroundTaskStatus.ERROR),
        server(BackgroundTaskStatus.COMPLETED),
      ]),
    ).toBe(120 + 2 * 80 + 2 * 150);
  });

  it('offers a finished batch of labels again for the days its PDF is kept', () => {
    const ended = new Date('2026-11-27T10:00:00Z');
    const batch = (status: BackgroundTaskStatus, taskName = TaskName.PRINT_SHIPPING_LABELS) =>
      fromServerTask(
        create(BackgroundTaskSchema, {
          uuid: 'batch',
          status,
          taskName,
          lastRunEndDatetime: timestampFromDate(ended),
        }),
      );
    expect(batch(BackgroundTaskStatus.COMPLETED).fileUntil).toBe(
      ended.getTime() + LABEL_BATCH_KEPT_DAYS * 86_400_000,
    );
    expect(batch(BackgroundTaskStatus.ERROR).fileUntil).toBeUndefined();
    expect(batch(BackgroundTaskStatus.RUNNING).fileUntil).toBeUndefined();
    expect(
      batch(BackgroundTaskStatus.COMPLETED, TaskName.IMPORT_SHEET_FILE).fileUntil,
    ).toBeUndefined();
    expect(
      server(BackgroundTaskStatus.COMPLETED, TaskName.PRINT_SHIPPING_LABELS).fileUntil,
    ).toBeUndefined();
  });

  it('finds the tasks that just finished well, never on the first list', () => {
    const t = (id: string, status: PanelTask['status']) =>
      ({ ...server(BackgroundTaskStatus.RUNNING), id, status }) satisfies PanelTask;
    const first = [t('old', 'completed'), t('a', 'running')];
    expect(newlyCompleted(null, first)).toEqual([]);
    const next = [t('old', 'completed'), t('a', 'completed'), t('b', 'completed'), t('c', 'error')];
    expect(newlyCompleted(first, next).map((x) => x.id)).toEqual(['a', 'b']);
    expect(newlyCompleted(next, next)).toEqual([]);
  });
});
