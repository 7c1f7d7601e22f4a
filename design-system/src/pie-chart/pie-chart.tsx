import { useId } from 'react';

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

/** The palette's colour for the slice at `index`, round again past the last. */
function paletteColor(index: number): string {
  const color = PIE_CHART_COLORS[index % PIE_CHART_COLORS.length];
  if (color === undefined) throw new Error('PIE_CHART_COLORS is empty.');
  return color;
}

/** "Title: A 3, B 5" — the name screen readers get for the drawing. */
function summarise(title: string, slices: PieChartSlice[]): string {
  return `${title}: ${slices.map((slice) => `${slice.label} ${slice.value}`).join(', ')}`;
}

/** The outline of one sector, clockwise from `from` to `to` (fractions of a turn, 0 at the top). */
function sectorPath(radius: number, from: number, to: number): string {
  const at = (turn: number) => {
    const angle = 2 * Math.PI * turn;
    return `${(radius + radius * Math.sin(angle)).toFixed(3)} ${(radius - radius * Math.cos(angle)).toFixed(3)}`;
  };
  // One slice that is the whole pie: two half circles (an arc cannot end where it starts).
  if (to - from >= 1) return `M ${at(0)} A ${radius} ${radius} 0 1 1 ${at(0.5)} A ${radius} ${radius} 0 1 1 ${at(0)} Z`;
  const largeArc = to - from > 0.5 ? 1 : 0;
  return `M ${radius} ${radius} L ${at(from)} A ${radius} ${radius} 0 ${largeArc} 1 ${at(to)} Z`;
}

/**
 * A pie drawn as plain SVG (one path per slice: no chart library to download) plus an HTML legend.
 * The drawing is one image to assistive technology (role="img" with every label and value in its
 * name); the legend carries the same numbers as text.
 * Renders nothing when every value is zero, as the dashboards hide empty charts.
 */
export function PieChart({ title, slices, size = 200 }: PieChartProps) {
  const captionId = useId();
  if (!slices.some((slice) => slice.value > 0)) return null;

  const colored = slices.map((slice, index) => ({
    ...slice,
    color: slice.color ?? paletteColor(index),
  }));
  const drawn = colored.filter((slice) => slice.value > 0);
  const total = drawn.reduce((sum, slice) => sum + slice.value, 0);
  // Each sector starts where the ones before it end (running share of the total).
  const sectors = drawn.map((slice, index) => {
    const from = drawn.slice(0, index).reduce((sum, s) => sum + s.value, 0) / total;
    const to = from + slice.value / total;
    return { label: slice.label, color: slice.color, d: sectorPath(size / 2, from, to) };
  });

  return (
    <figure className="ds-pie" aria-labelledby={captionId}>
      <figcaption id={captionId} className="ds-pie__title">
        {title}
      </figcaption>
      <div className="ds-pie__body">
        <div className="ds-pie__chart" role="img" aria-label={summarise(title, slices)} style={{ width: size, height: size }}>
          <svg width={size} height={size} viewBox={`0 0 ${size} ${size}`} aria-hidden="true" focusable="false">
            {sectors.map((sector) => (
              <path
                key={sector.label}
                className="ds-pie__sector"
                d={sector.d}
                fill={sector.color}
                stroke="#ffffff"
                strokeWidth={2}
                strokeLinejoin="round"
              />
            ))}
          </svg>
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
