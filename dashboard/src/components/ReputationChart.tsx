// One rate by day of send (Chart.js lines, loaded with the reputation page on demand), with the
// warning and Postage pause levels as dashed lines, so a day's rate reads against them. A day
// without sends has no rate (no point, not 0 %). A table with the same figures follows for screen readers.
import { useEffect, useRef } from 'react';
import { Chart, LINE_CHART_OPTIONS, LINE_LEGEND } from './lineChart';
import type { Reputation } from '../api';
import { ratePercent } from './reputation';

type Day = Reputation['trend'][number];
/** What the account's answer and each day's have in common. */
export type Counts = Omit<Day, 'date'>;

export interface TrendRate {
  /** "Bounce rate" */
  label: string;
  /** "hard bounces" */
  events: string;
  rate: (counts: Counts) => number;
  count: (counts: Counts) => number;
  color: string;
}

const LEVEL_LINE = { pointRadius: 0, borderWidth: 1.5, borderDash: [6, 4], pointHitRadius: 0 };

type Levels = Reputation['levels']['bounce_rate'];

/** `trend` a constant, `days` and `levels` the query's (both keep their identity between renders). */
export default function ReputationChart({ days, trend, levels }: { days: Day[]; trend: TrendRate; levels: Levels }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const flat = (value: number) => days.map(() => value * 100);
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels: days.map((d) => d.date.slice(5)),
        datasets: [
          {
            label: trend.label,
            data: days.map((d) => (d.sends > 0 ? trend.rate(d) * 100 : null)),
            borderColor: trend.color,
            backgroundColor: trend.color,
            pointRadius: 3,
            borderWidth: 2,
            spanGaps: true,
          },
          { label: 'Warning', data: flat(levels.warning), borderColor: '#7a4b00', ...LEVEL_LINE },
          { label: 'Postage pauses', data: flat(levels.postage_pause), borderColor: '#a11a10', ...LEVEL_LINE },
        ],
      },
      options: {
        ...LINE_CHART_OPTIONS,
        scales: {
          x: { ticks: { maxRotation: 0, autoSkipPadding: 12 } },
          y: { beginAtZero: true, ticks: { callback: (v) => `${Number(v).toLocaleString('en')} %` } },
        },
        plugins: {
          legend: LINE_LEGEND,
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${ratePercent(item.parsed.y! / 100)}` } },
        },
      },
    });
    return () => chart.destroy();
  }, [days, trend, levels]);
  return (
    <figure className="chart">
      <div className="chart-canvas">
        <canvas
          ref={canvas}
          role="img"
          aria-label={`${trend.label} by day of send over the last ${days.length} days, against the warning and pause levels`}
        />
      </div>
      <figcaption className="visually-hidden">
        <table>
          <caption>{trend.label} by day of send</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Sends</th>
              <th scope="col">{trend.events}</th>
              <th scope="col">{trend.label}</th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.sends > 0)
              .map((d) => (
                <tr key={d.date}>
                  <td>{d.date}</td>
                  <td>{d.sends}</td>
                  <td>{trend.count(d)}</td>
                  <td>{ratePercent(trend.rate(d))}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
