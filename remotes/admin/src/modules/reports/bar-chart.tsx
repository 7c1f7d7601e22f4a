/** A small horizontal bar chart in plain SVG (no chart library: the portal keeps remotes small, as the dashboard's SVG pie). */
export function BarChart({ data, label }: { data: { label: string; value: number }[]; label: string }) {
  if (data.length === 0) return null;
  const max = Math.max(...data.map((d) => Math.abs(d.value)), 1);
  const rowHeight = 26;
  const labelWidth = 180;
  const barWidth = 320;
  const height = data.length * rowHeight;
  return (
    <figure className="admin-bar-chart" data-testid="report-chart">
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${labelWidth + barWidth + 60} ${height}`}
        width="100%"
        style={{ maxWidth: labelWidth + barWidth + 60 }}
      >
        {data.map((d, i) => {
          const width = Math.max(2, (Math.abs(d.value) / max) * barWidth);
          const y = i * rowHeight;
          return (
            <g key={d.label}>
              <text x={labelWidth - 8} y={y + rowHeight / 2 + 4} textAnchor="end" fontSize="12" fill="currentColor">
                {d.label.length > 26 ? `${d.label.slice(0, 25)}…` : d.label}
              </text>
              <rect x={labelWidth} y={y + 4} width={width} height={rowHeight - 8} rx="3" fill="var(--ds-color-primary, #1f6feb)" />
              <text x={labelWidth + width + 6} y={y + rowHeight / 2 + 4} fontSize="12" fill="currentColor">
                {d.value}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
