import { useActorRef, useSelector } from '@xstate/react';
import { pageCount } from '../../machines/shared/pagedListMachine.ts';
import {
  sortDirection,
  type createQueryListMachine,
  type QueryListInput,
} from '../../machines/shared/queryListMachine.ts';

/**
 * A query list actor started from `logic` (its `fetchPage` provided) and `input`: narrow reads,
 * one selector per value, and its intents.
 */
export function useQueryList<Row, Filters extends object>(
  logic: ReturnType<typeof createQueryListMachine<Row, Filters>>,
  input: QueryListInput<Filters>,
) {
  const actor = useActorRef(logic, { input });
  const rows = useSelector(actor, (s) => s.context.rows);
  const count = useSelector(actor, (s) => s.context.count);
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const filters = useSelector(actor, (s) => s.context.filters);
  const ordering = useSelector(actor, (s) => s.context.ordering);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const loaded = useSelector(actor, (s) => s.matches('ready') || s.context.rows.length > 0);
  return {
    rows,
    count,
    page,
    pages: pageCount(count, pageSize),
    filters,
    ordering,
    busy,
    errorCode,
    loaded,
    direction: (key: string) => sortDirection(ordering, key),
    filter: (patch: Partial<Filters>) => actor.send({ type: 'list.filter', filters: patch }),
    sort: (key: string) => actor.send({ type: 'list.sort', key }),
    goTo: (target: number) => actor.send({ type: 'list.page', page: target }),
    retry: () => actor.send({ type: 'list.retry' }),
    reload: () => actor.send({ type: 'list.reload' }),
  };
}

export type QueryListState = ReturnType<typeof useQueryList<unknown, object>>;
