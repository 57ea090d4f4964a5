import type { ChartConfiguration } from 'chart.js';

export type StatsChartConfig = ChartConfiguration<'bar' | 'doughnut', number[], string>;

/** Blueprint's blue, green, orange and violet (3:1 against white at least), one per series. */
export const SERIES_COLORS = ['#2D72D2', '#238551', '#C87619', '#7961DB'] as const;

export interface Series {
  readonly label: string;
  readonly values: readonly number[];
}

const base = {
  animation: false,
  responsive: true,
  maintainAspectRatio: false,
} as const;

/** Money on an axis or in a tooltip: `format` takes integer cents. */
type Format = (value: number) => string;

/** Vertical bars, stacked when there are several series (the month split). */
export function stackedBars(
  labels: readonly string[],
  series: readonly Series[],
  format: Format,
): StatsChartConfig {
  const stacked = series.length > 1;
  return {
    type: 'bar',
    data: {
      labels: [...labels],
      datasets: series.map((s, i) => ({
        label: s.label,
        data: [...s.values],
        backgroundColor: SERIES_COLORS[i % SERIES_COLORS.length],
      })),
    },
    options: {
      ...base,
      scales: {
        x: { stacked },
        y: { stacked, beginAtZero: true, ticks: { callback: (v) => format(Number(v)) } },
      },
      plugins: {
        legend: { display: stacked, position: 'bottom' },
        tooltip: {
          callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${format(Number(c.raw))}` },
        },
      },
    },
  };
}

/** Horizontal bars of one series (sales per channel or category, counts per status or plan). */
export function horizontalBars(
  labels: readonly string[],
  values: readonly number[],
  label: string,
  format: Format,
): StatsChartConfig {
  return {
    type: 'bar',
    data: {
      labels: [...labels],
      datasets: [{ label, data: [...values], backgroundColor: SERIES_COLORS[0] }],
    },
    options: {
      ...base,
      indexAxis: 'y',
      scales: { x: { beginAtZero: true, ticks: { callback: (v) => format(Number(v)) } } },
      plugins: {
        legend: { display: false },
        tooltip: { callbacks: { label: (c) => format(Number(c.raw)) } },
      },
    },
  };
}

/** A ring of shares (the period's split). */
export function ring(
  labels: readonly string[],
  values: readonly number[],
  format: Format,
): StatsChartConfig {
  return {
    type: 'doughnut',
    data: {
      labels: [...labels],
      datasets: [{ data: [...values], backgroundColor: labels.map((_, i) => SERIES_COLORS[i]!) }],
    },
    options: {
      ...base,
      plugins: {
        legend: { position: 'bottom' },
        tooltip: { callbacks: { label: (c) => `${c.label}: ${format(Number(c.raw))}` } },
      },
    },
  };
}
