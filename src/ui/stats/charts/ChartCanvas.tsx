import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';
import { useEffect, useRef } from 'react';

// Only the pieces these charts draw, so the statistics chunk carries no unused chart types.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  DoughnutController,
  ArcElement,
  Legend,
  Tooltip,
);

export interface ChartCanvasProps {
  readonly config: ChartConfiguration<'bar' | 'doughnut', number[], string>;
  /** Ids of the chart's caption and description: the canvas is an image named by them. */
  readonly labelledBy: string;
  readonly describedBy: string;
  readonly testId: string;
}

/**
 * A Chart.js chart on a canvas, made when its configuration changes and destroyed with it. The
 * canvas is one image for assistive technologies; its figures are in the table beside it.
 */
export function ChartCanvas({ config, labelledBy, describedBy, testId }: ChartCanvasProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return undefined;
    const chart = new Chart(canvas.current, config as ChartConfiguration);
    return () => chart.destroy();
  }, [config]);
  return (
    <div className="seconde-chart-canvas">
      <canvas
        ref={canvas}
        role="img"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        data-testid={testId}
      />
    </div>
  );
}
