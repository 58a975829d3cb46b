const WIDTH = 96;
const HEIGHT = 28;

/** A tiny line of counts (oldest first), scaled to its own maximum; flat along the bottom when every count is 0. */
export function Sparkline({
  values,
  label,
  color = "currentColor",
}: {
  values: number[];
  label: string;
  color?: string;
}) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0;
  const points = values
    .map((value, index) => `${(index * step).toFixed(1)},${(HEIGHT - 2 - (value / max) * (HEIGHT - 4)).toFixed(1)}`)
    .join(" ");
  return (
    <svg
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      className="shrink-0 text-primary"
    >
      <polyline
        points={points}
        fill="none"
        stroke={color}
        strokeWidth={2}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}
