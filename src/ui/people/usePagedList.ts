import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { createPagedListMachine } from '../../machines/shared/pagedListMachine.ts';
import { pageCount } from '../../machines/shared/pagedListMachine.ts';

export type ListActor<Row extends { readonly uuid: string }> = ActorRefFrom<
  ReturnType<typeof createPagedListMachine<Row>>
>;

/** Narrow reads of a paged list actor, one selector per value, and its intents. */
export function usePagedList<Row extends { readonly uuid: string }>(actor: ListActor<Row>) {
  const rows = useSelector(actor, (s) => s.context.rows);
  const count = useSelector(actor, (s) => s.context.count);
  const page = useSelector(actor, (s) => s.context.page);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const search = useSelector(actor, (s) => s.context.search);
  const selected = useSelector(actor, (s) => s.context.selected);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const canPrevious = useSelector(actor, (s) =>
    s.can({ type: 'list.page', page: s.context.page - 1 }),
  );
  const canNext = useSelector(actor, (s) => s.can({ type: 'list.page', page: s.context.page + 1 }));
  return {
    rows,
    count,
    page,
    pages: pageCount(count, pageSize),
    search,
    selected,
    busy,
    failed,
    errorCode,
    canPrevious,
    canNext,
    setSearch: (value: string) => actor.send({ type: 'list.search', search: value }),
    goTo: (target: number) => actor.send({ type: 'list.page', page: target }),
    retry: () => actor.send({ type: 'list.retry' }),
    open: (uuid: string) => actor.send({ type: 'list.open', uuid }),
    close: () => actor.send({ type: 'list.close' }),
  };
}
