// Daily sends per mode (Chart.js, only the parts a bar chart needs, loaded with the overview's
// chart on demand). A table with the same figures follows for screen readers.
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { Usage } from '../api';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export default function UsageChart({ days }: { days: Usage['days'] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: days.map((d) => d.day.slice(5)),
        datasets: [
          { label: 'Shared', data: days.map((d) => d.shared), backgroundColor: '#2747d6', stack: 'sends' },
          { label: 'BYOC', data: days.map((d) => d.byoc), backgroundColor: '#17a37a', stack: 'sends' },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: {
          x: { stacked: true, ticks: { maxRotation: 0, autoSkipPadding: 12 } },
          y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } },
        },
        plugins: { legend: { position: 'bottom' } },
      },
    });
    return () => chart.destroy();
  }, [days]);
  const total = days.reduce((sum, d) => sum + d.shared + d.byoc, 0);
  return (
    <figure className="chart">
      <div className="chart-canvas">
        <canvas ref={canvas} role="img" aria-label={`Daily sends over the last two months: ${total} in all`} />
      </div>
      <figcaption className="visually-hidden">
        <table>
          <caption>Daily sends</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Shared</th>
              <th scope="col">BYOC</th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((d) => d.shared + d.byoc > 0)
              .map((d) => (
                <tr key={d.day}>
                  <td>{d.day}</td>
                  <td>{d.shared}</td>
                  <td>{d.byoc}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
