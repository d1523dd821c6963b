// Daily delivery and engagement rates (Chart.js lines, loaded with the overview on demand like
// UsageChart). A day without sends has no rate: it has no point (not one at 0 %), and the line
// joins the days around it. A table with the same figures follows for screen readers.
import { useEffect, useRef } from 'react';
import { Chart, LINE_CHART_OPTIONS, LINE_LEGEND } from './lineChart';
import type { DailyStats } from '../api';
import { OUTCOMES, percent, rate } from './engagement';

export default function EngagementChart({ days }: { days: DailyStats }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels: days.map((d) => d.date.slice(5)),
        datasets: OUTCOMES.map((o) => ({
          label: o.label,
          data: days.map((d) => rate(d[o.key], d.sent)),
          borderColor: o.color,
          backgroundColor: o.color,
          pointRadius: 2,
          borderWidth: 2,
          spanGaps: true,
        })),
      },
      options: {
        ...LINE_CHART_OPTIONS,
        scales: {
          x: { ticks: { maxRotation: 0, autoSkipPadding: 12 } },
          y: { beginAtZero: true, suggestedMax: 100, ticks: { callback: (v) => `${v} %` } },
        },
        plugins: {
          legend: LINE_LEGEND,
          tooltip: { callbacks: { label: (item) => `${item.dataset.label}: ${percent(item.parsed.y)}` } },
        },
      },
    });
    return () => chart.destroy();
  }, [days]);
  return (
    <figure className="chart">
      <div className="chart-canvas">
        <canvas ref={canvas} role="img" aria-label="Daily delivery and engagement rates, in percent of emails sent" />
      </div>
      <figcaption className="visually-hidden">
        <table>
          <caption>Daily rates, in percent of emails sent</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Sent</th>
              {OUTCOMES.map((o) => (
                <th scope="col" key={o.key}>
                  {o.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.sent > 0)
              .map((d) => (
                <tr key={d.date}>
                  <td>{d.date}</td>
                  <td>{d.sent}</td>
                  {OUTCOMES.map((o) => (
                    <td key={o.key}>{percent(rate(d[o.key], d.sent))}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
