import { Button, HTMLTable } from '@blueprintjs/core';
import type { ChartConfiguration } from 'chart.js';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCanvas } from './ChartCanvas.tsx';

/** The same figures as the chart, as a table: a header row, then one row per bar or slice. */
export interface ChartTable {
  readonly headers: readonly string[];
  /** Each row: its label (a row header), then its formatted values. */
  readonly rows: readonly { readonly key: string; readonly cells: readonly string[] }[];
}

export interface ChartFigureProps {
  /** Test id prefix: `chart-<id>`, `chart-<id>-table`, `chart-<id>-toggle`. */
  readonly id: string;
  readonly caption: string;
  /** What the chart draws, for screen readers. */
  readonly description: string;
  readonly config: ChartConfiguration<'bar' | 'doughnut', number[], string>;
  readonly table: ChartTable;
}

/**
 * One chart with its caption, its description, and a button showing the table of its figures
 * (the same values, formatted in the reader's language).
 */
export function ChartFigure({ id, caption, description, config, table }: ChartFigureProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const uid = useId();
  const captionId = `${uid}-caption`;
  const descriptionId = `${uid}-description`;
  const tableId = `${uid}-table`;
  const [labelHeader, ...valueHeaders] = table.headers;
  return (
    <figure className="seconde-chart" data-testid={`chart-${id}`} aria-labelledby={captionId}>
      <figcaption id={captionId} className="seconde-chart-caption">
        {caption}
      </figcaption>
      <p id={descriptionId} className="seconde-sr-only">
        {description}
      </p>
      <ChartCanvas
        config={config}
        labelledBy={captionId}
        describedBy={descriptionId}
        testId={`chart-${id}-canvas`}
      />
      <Button
        variant="minimal"
        icon="th-list"
        aria-expanded={open}
        aria-controls={tableId}
        data-testid={`chart-${id}-toggle`}
        text={t(open ? 'statsCharts.hideTable' : 'statsCharts.showTable')}
        onClick={() => setOpen((o) => !o)}
      />
      {/* A region that scrolls on narrow screens, so keyboard users can scroll it too. */}
      <div
        id={tableId}
        className="seconde-scroll-x"
        hidden={!open}
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
      >
        <HTMLTable compact striped className="seconde-table" data-testid={`chart-${id}-table`}>
          <caption className="seconde-sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labelHeader}</th>
              {valueHeaders.map((header) => (
                <th key={header} scope="col" className="seconde-number">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map(({ key, cells: [label, ...values] }) => (
              <tr key={key} data-testid={`chart-${id}-row`} data-key={key}>
                <th scope="row">{label}</th>
                {values.map((value, i) => (
                  <td key={valueHeaders[i] ?? i} className="seconde-number">
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </figure>
  );
}
