import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { StockLayout } from '../../domain/stock/stockWire.ts';
import { rememberLayout, readLayout } from '../../machines/stock/stockLayoutMemory.ts';
import {
  STOCK_SORTABLE,
  queryFromUrl,
  queryToUrl,
  type StockQueryFilters,
} from '../../machines/stock/stockQuery.ts';
import { lineAt } from '../../machines/stock/stockWindow.ts';
import { stockWindowLogic } from '../../machines/stock/stockWindowActors.ts';
import { sortDirection } from '../../machines/shared/queryListMachine.ts';
import { useAppServices } from '../app/servicesContext.ts';

/**
 * The stock window actor of the page: started from the address (filters survive a reload), the
 * address kept in step with the filters, the chosen view remembered per user. Narrow reads.
 */
export function useStockWindow(user: string) {
  const { clients } = useAppServices();
  const [params, setParams] = useSearchParams();
  const logic = useMemo(() => stockWindowLogic(clients), [clients]);
  const input = useMemo(
    () => ({ ...queryFromUrl(params), sortable: STOCK_SORTABLE, layout: readLayout(user) }),
    // The address is read once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const actor = useActorRef(logic, { input });
  const filters = useSelector(actor, (s) => s.context.filters);
  const ordering = useSelector(actor, (s) => s.context.ordering);
  const layout = useSelector(actor, (s) => s.context.layout);
  const pages = useSelector(actor, (s) => s.context.pages);
  const pageSize = useSelector(actor, (s) => s.context.pageSize);
  const count = useSelector(actor, (s) => s.context.count);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const selected = useSelector(actor, (s) => s.context.selected);
  const allMatching = useSelector(actor, (s) => s.context.allMatching);

  useEffect(() => {
    const sub = actor.on('stock.layoutChosen', (e) => rememberLayout(user, e.layout));
    return () => sub.unsubscribe();
  }, [actor, user]);

  // The address follows the applied query (once typing pauses, not at each key), replacing the
  // entry so Back leaves the page.
  useEffect(() => {
    const sub = actor.on('stock.queryApplied', ({ filters: f, ordering: o }) => {
      const current = new URLSearchParams(window.location.search);
      const next = queryToUrl(current, f, o);
      if (next.toString() !== current.toString()) setParams(next, { replace: true });
    });
    return () => sub.unsubscribe();
  }, [actor, setParams]);

  const intents = useMemo(
    () => ({
      filter: (patch: Partial<StockQueryFilters>) =>
        actor.send({ type: 'stock.filter', filters: patch }),
      sort: (key: string) => actor.send({ type: 'stock.sort', key }),
      show: (start: number, end: number) => actor.send({ type: 'stock.visible', start, end }),
      setLayout: (next: StockLayout) => actor.send({ type: 'stock.layout', layout: next }),
      select: (uuid: string, on: boolean) =>
        actor.send({ type: 'stock.select', uuid, selected: on }),
      selectAll: (on: boolean) => actor.send({ type: 'stock.selectAll', selected: on }),
      reload: () => actor.send({ type: 'stock.reload' }),
      retry: () => actor.send({ type: 'stock.retry' }),
    }),
    [actor],
  );

  // Kept while the loaded pages stay the same, so the lines can follow them in a deferred render.
  const line = useCallback((index: number) => lineAt(pages, index, pageSize), [pages, pageSize]);

  return {
    ...intents,
    actor,
    filters,
    ordering,
    layout,
    count,
    busy,
    errorCode,
    selected,
    allMatching,
    selectedCount: allMatching ? (count ?? 0) : Object.keys(selected).length,
    line,
    direction: (key: string) => sortDirection(ordering, key),
  };
}

export type StockWindow = ReturnType<typeof useStockWindow>;
