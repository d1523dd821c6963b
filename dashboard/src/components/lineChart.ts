// Chart.js with the parts the line charts need, and what they all set (loaded with them, on demand).
import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

export { Chart };

/** Sized by its box (`.chart-canvas`), drawn at once, every line's value of a day in one tooltip, the legend below. */
export const LINE_CHART_OPTIONS = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  interaction: { mode: 'index', intersect: false },
} as const;

export const LINE_LEGEND = { position: 'bottom', labels: { boxWidth: 12 } } as const;
