import { H1, HTMLTable, Spinner } from '@blueprintjs/core';
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OPEN_RANGE, type createFiguresMachine } from '../../machines/stats/figuresMachine.ts';
import { FailedState, PageState } from '../components/PageState.tsx';
import { DateRangeFilter } from '../components/DateRangeFilter.tsx';

export interface PeriodFiguresProps<Figures> {
  /** A figures machine with its loader provided. */
  readonly logic: ReturnType<typeof createFiguresMachine<Figures>>;
  /** Test id of the whole and prefix of its parts' ids (`<id>-failed`, `<id>-loading`). */
  readonly id: string;
  /** The screen's heading; without one the figures are a part of a screen (a tab). */
  readonly title?: string;
  readonly legend: string;
  /** The two dates' labels, when the period chooses something other than creation dates. */
  readonly fromLabel?: string;
  readonly toLabel?: string;
  readonly children: (figures: Figures) => ReactNode;
}

/**
 * What the statistics screens share: the period, then its failure with a retry, the first load, or
 * the figures (the last ones stay on screen while the next period loads).
 */
export function PeriodFigures<Figures>({
  logic,
  id,
  title,
  legend,
  fromLabel,
  toLabel,
  children,
}: PeriodFiguresProps<Figures>) {
  const { t } = useTranslation();
  const actor = useActorRef(logic, { input: {} });
  const range = useSelector(actor, (s) => s.context.range);
  const figures = useSelector(actor, (s) => s.context.figures);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const errorCode = useSelector(actor, (s) => s.context.errorCode);
  const canClear = useSelector(actor, (s) =>
    s.can({ type: 'figures.setRange', range: OPEN_RANGE }),
  );
  const body = (
    <>
      {title && <H1 id={`${id}-title`}>{title}</H1>}
      <DateRangeFilter
        idPrefix={id}
        legend={legend}
        {...(fromLabel ? { fromLabel } : {})}
        {...(toLabel ? { toLabel } : {})}
        range={range}
        canClear={canClear}
        onChange={(patch) => actor.send({ type: 'figures.setRange', range: patch })}
      />
      {errorCode ? (
        <FailedState
          testId={`${id}-failed`}
          title={t('pages.statsFailed')}
          errorCode={errorCode}
          retryText={t('pages.retry')}
          onRetry={() => actor.send({ type: 'figures.retry' })}
        />
      ) : figures === null ? (
        <PageState testId={`${id}-loading`} icon={<Spinner />} title={t('pages.loading')} />
      ) : (
        children(figures)
      )}
    </>
  );
  return title ? (
    <section
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
      className="seconde-pages"
      data-testid={id}
    >
      {body}
    </section>
  ) : (
    <div className="seconde-pages" aria-busy={busy} data-testid={id}>
      {body}
    </div>
  );
}

export interface CountTableProps {
  readonly testId: string;
  /** The table's name, read by screen readers. */
  readonly caption: string;
  readonly labelHeader: string;
  readonly countHeader: string;
  readonly rows: readonly {
    readonly testId: string;
    readonly label: string;
    readonly count: string;
  }[];
}

/** A two-column table of counts: what is counted, and how many. */
export function CountTable({ testId, caption, labelHeader, countHeader, rows }: CountTableProps) {
  return (
    <div className="seconde-scroll-x">
      <HTMLTable compact striped className="seconde-table" data-testid={testId}>
        <caption className="seconde-sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col" className="seconde-number">
              {countHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.testId} data-testid={row.testId}>
              <th scope="row">{row.label}</th>
              <td className="seconde-number">{row.count}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
