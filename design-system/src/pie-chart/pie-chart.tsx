import { useId } from 'react';
import { Cell, Pie, PieChart as RechartsPieChart } from 'recharts';

export interface PieChartSlice {
  label: string;
  value: number;
  color?: string;
}

export interface PieChartProps {
  title: string;
  slices: PieChartSlice[];
  /** Diameter in pixels. */
  size?: number;
}

/** Brand-led defaults, distinguishable from each other and on white. */
export const PIE_CHART_COLORS = ['#0b5563', '#f5a300', '#8796a5', '#15703d', '#b42318', '#1d4ed8', '#6d28d9'];

/** "Title: A 3, B 5" — the name screen readers get for the drawing. */
function summarise(title: string, slices: PieChartSlice[]): string {
  return `${title}: ${slices.map((slice) => `${slice.label} ${slice.value}`).join(', ')}`;
}

/**
 * A pie drawn with recharts plus an HTML legend. The drawing is one image to assistive technology
 * (role="img" with every label and value in its name); the legend carries the same numbers as text.
 * Renders nothing when every value is zero, as the dashboards hide empty charts.
 */
export function PieChart({ title, slices, size = 200 }: PieChartProps) {
  const captionId = useId();
  if (!slices.some((slice) => slice.value > 0)) return null;

  const colored = slices.map((slice, index) => ({
    ...slice,
    color: slice.color ?? PIE_CHART_COLORS[index % PIE_CHART_COLORS.length]!,
  }));
  const drawn = colored.filter((slice) => slice.value > 0);

  return (
    <figure className="ds-pie" aria-labelledby={captionId}>
      <figcaption id={captionId} className="ds-pie__title">{title}</figcaption>
      <div className="ds-pie__body">
        <div className="ds-pie__chart" role="img" aria-label={summarise(title, slices)} style={{ width: size, height: size }}>
          <RechartsPieChart width={size} height={size} accessibilityLayer={false} margin={{ top: 0, right: 0, bottom: 0, left: 0 }}>
            <Pie
              data={drawn}
              dataKey="value"
              nameKey="label"
              outerRadius="100%"
              startAngle={90}
              endAngle={-270}
              stroke="#ffffff"
              strokeWidth={2}
              isAnimationActive={false}
              rootTabIndex={-1}
            >
              {drawn.map((slice) => (
                <Cell key={slice.label} fill={slice.color} />
              ))}
            </Pie>
          </RechartsPieChart>
        </div>
        <ul className="ds-pie__legend">
          {colored.map((slice) => (
            <li key={slice.label} className="ds-pie__legend-item">
              <span className="ds-pie__swatch" style={{ background: slice.color }} aria-hidden="true" />
              <span className="ds-pie__legend-label">{slice.label}</span>
              <span className="ds-pie__legend-value">{slice.value}</span>
            </li>
          ))}
        </ul>
      </div>
    </figure>
  );
}
