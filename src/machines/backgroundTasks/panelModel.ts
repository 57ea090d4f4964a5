import { timestampDate } from '@bufbuild/protobuf/wkt';
import { batchKeptUntil } from '../../domain/shipping/labelBatch.ts';
import {
  BackgroundTaskStatus,
  TaskName,
  type BackgroundTask,
} from '../../rpc/gen/seconde/v1/background_task_pb.ts';

/** The four looks of a task in the panel (2-business-data.md §2): icon and text follow it. */
export type PanelStatus = 'waiting' | 'running' | 'completed' | 'error';

/** One line of the task panel, whether the server runs it or this tab does (an export). */
export interface PanelTask {
  readonly id: string;
  readonly source: 'server' | 'local';
  /** Translation key of the task's kind (server tasks); local tasks carry a translated label. */
  readonly nameKey: string | null;
  readonly label: string;
  readonly status: PanelStatus;
  readonly current: number;
  readonly total: number;
  /**
   * A finished batch of labels: until when (epoch ms) its PDF is kept, so the panel offers to
   * download it again; absent for every other task.
   */
  readonly fileUntil?: number;
}

/** A task this tab runs, as the in-tab task list holds it (its label already translated). */
export interface LocalTaskLike {
  readonly id: string;
  readonly label: string;
  readonly status: PanelStatus;
  readonly current: number;
  readonly total: number;
}

/** Panel height: 120, plus 80 per task that is not in error, plus 150 per task in error. */
export const PANEL_BASE_HEIGHT = 120;
export const PANEL_TASK_HEIGHT = 80;
export const PANEL_ERROR_TASK_HEIGHT = 150;

const NAME_KEYS: Readonly<Record<TaskName, string>> = {
  [TaskName.UNSPECIFIED]: 'tasks.nameOther',
  [TaskName.IMPORT_MARKETPLACE_PROFILE]: 'tasks.nameMarketplaceProfile',
  [TaskName.IMPORT_SHOP_PLATFORM]: 'tasks.nameShopPlatform',
  [TaskName.IMPORT_SHEET_FILE]: 'tasks.nameSheetFile',
  [TaskName.IMPORT_CUSTOMERS]: 'tasks.nameCustomers',
  [TaskName.PUBLISH_PRODUCTS]: 'tasks.namePublish',
  [TaskName.WITHDRAW_LISTINGS]: 'tasks.nameWithdraw',
  [TaskName.GENERATE_INVOICES]: 'tasks.nameInvoices',
  [TaskName.PRINT_SHIPPING_LABELS]: 'tasks.namePrintLabels',
};

/** Every name key a task can show; the i18n test checks each exists in both languages. */
export const TASK_NAME_KEYS: readonly string[] = Object.values(NAME_KEYS);

function statusOf(status: BackgroundTaskStatus): PanelStatus {
  switch (status) {
    case BackgroundTaskStatus.RUNNING:
      return 'running';
    case BackgroundTaskStatus.COMPLETED:
      return 'completed';
    case BackgroundTaskStatus.ERROR:
      return 'error';
    default:
      return 'waiting';
  }
}

/** A server task's fields the panel reads: a message, or the plain copy the stream worker sends. */
export type ServerTaskLike = Pick<
  BackgroundTask,
  | 'uuid'
  | 'taskName'
  | 'status'
  | 'label'
  | 'currentItemNumber'
  | 'totalItems'
  | 'lastRunEndDatetime'
>;

/** Until when a finished label batch's PDF may be downloaded again; undefined for other tasks. */
function fileUntilOf(task: ServerTaskLike): number | undefined {
  if (task.taskName !== TaskName.PRINT_SHIPPING_LABELS) return undefined;
  if (task.status !== BackgroundTaskStatus.COMPLETED || !task.lastRunEndDatetime) return undefined;
  return batchKeptUntil(timestampDate(task.lastRunEndDatetime)).getTime();
}

export function fromServerTask(task: ServerTaskLike): PanelTask {
  const fileUntil = fileUntilOf(task);
  return {
    id: task.uuid,
    source: 'server',
    nameKey: NAME_KEYS[task.taskName] ?? NAME_KEYS[TaskName.UNSPECIFIED],
    label: task.label,
    status: statusOf(task.status),
    current: task.currentItemNumber,
    total: task.totalItems,
    ...(fileUntil !== undefined && { fileUntil }),
  };
}

export function fromLocalTask(task: LocalTaskLike): PanelTask {
  return {
    id: task.id,
    source: 'local',
    nameKey: null,
    label: task.label,
    status: task.status,
    current: task.current,
    total: task.total,
  };
}

/**
 * The tasks of `next` that finished well since `previous` (the list before): known as waiting or
 * running, or new when a list was already known (an import that ran while the stream was away).
 */
export function newlyCompleted(
  previous: readonly PanelTask[] | null,
  next: readonly PanelTask[],
): readonly PanelTask[] {
  if (previous === null) return [];
  const before = new Map(previous.map((t) => [t.id, t.status]));
  return next.filter((t) => t.status === 'completed' && before.get(t.id) !== 'completed');
}

/** Created, scheduled or running: the panel cannot be cleared while one remains. */
export const isUnfinished = (task: PanelTask): boolean =>
  task.status === 'waiting' || task.status === 'running';

export function panelHeight(tasks: readonly PanelTask[]): number {
  const errors = tasks.filter((t) => t.status === 'error').length;
  return (
    PANEL_BASE_HEIGHT +
    PANEL_TASK_HEIGHT * (tasks.length - errors) +
    PANEL_ERROR_TASK_HEIGHT * errors
  );
}
