/**
 * A determinate progress bar; `value` is a fraction from 0 to 1. The percentage is printed and
 * exposed as aria-valuenow so screen readers announce the same number.
 */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * 100);
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
        className="h-3 flex-1 overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
      <span aria-hidden="true" className="w-12 text-right text-sm font-semibold tabular-nums">
        {percent} %
      </span>
    </div>
  );
}
