import { useId } from 'react';

export interface Bar {
  label: string;
  value: number;
}

/**
 * A horizontal bar chart in plain SVG. The drawing is one image with a summary label; the same
 * numbers are in a table below it for screen readers and for reading exact values.
 */
export function BarChart({
  title,
  data,
  unit = 'casos',
}: {
  title: string;
  data: Bar[];
  unit?: string;
}) {
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const rowHeight = 28;
  const labelWidth = 220;
  const chartWidth = 600;
  const barSpace = chartWidth - labelWidth - 50;
  const height = Math.max(1, data.length) * rowHeight + 8;
  const summary = data.length
    ? `${title}: ${data.map((d) => `${d.label}, ${d.value}`).join('; ')}.`
    : `${title}: sin datos.`;
  return (
    <figure
      aria-labelledby={`${id}-t`}
      className="space-y-2 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <figcaption id={`${id}-t`} className="text-lg font-bold text-secondary">
        {title}
      </figcaption>
      {data.length === 0 ? (
        <p>Sin datos para este período.</p>
      ) : (
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${chartWidth} ${height}`}
          className="h-auto w-full"
          data-testid="grafico"
        >
          {data.map((d, i) => {
            const y = i * rowHeight + 4;
            const width = Math.round((d.value / max) * barSpace);
            return (
              <g key={d.label} aria-hidden="true">
                <text
                  x={labelWidth - 8}
                  y={y + 17}
                  textAnchor="end"
                  fontSize="13"
                  fill="currentColor"
                >
                  {d.label.length > 30 ? `${d.label.slice(0, 29)}…` : d.label}
                </text>
                <rect
                  x={labelWidth}
                  y={y + 3}
                  width={Math.max(width, d.value > 0 ? 2 : 0)}
                  height={rowHeight - 8}
                  rx="2"
                  className="fill-primary"
                  data-value={d.value}
                />
                <text x={labelWidth + width + 6} y={y + 17} fontSize="13" fill="currentColor">
                  {d.value}
                </text>
              </g>
            );
          })}
        </svg>
      )}
      {data.length > 0 && (
        <details>
          <summary className="cursor-pointer text-sm font-semibold text-primary">
            Ver datos en tabla
          </summary>
          <table className="mt-2 w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1">
                  Categoría
                </th>
                <th scope="col" className="py-1 text-right">
                  {unit[0]!.toUpperCase() + unit.slice(1)}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((d) => (
                <tr key={d.label} className="border-t border-gray-200">
                  <th scope="row" className="py-1 font-normal">
                    {d.label}
                  </th>
                  <td className="py-1 text-right tabular-nums">{d.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}
