import { HTMLTable } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Pager, type PagerProps } from '../people/Pager.tsx';

export interface PagedTableProps extends PagerProps {
  /** The table's name, read by screen readers (the caption is not shown). */
  readonly caption: string;
  /** Another page is loading while this one is still shown. */
  readonly busy: boolean;
  /** The header row's cells. */
  readonly head: ReactNode;
  /** The body's rows. */
  readonly children: ReactNode;
}

/**
 * One page of a machine's paged list as a table (scrolling sideways on a phone) with its pager
 * below, so every paged history and register reads and moves the same way.
 */
export function PagedTable({ caption, busy, head, children, ...pager }: PagedTableProps) {
  return (
    <>
      <div className="seconde-table-scroll">
        <HTMLTable striped className="seconde-table" aria-busy={busy}>
          <caption className="seconde-sr-only">{caption}</caption>
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </HTMLTable>
      </div>
      <Pager {...pager} />
    </>
  );
}
