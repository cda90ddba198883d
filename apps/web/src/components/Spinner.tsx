/** A spinning icon with an accessible label; `showLabel` also prints it. */
export function Spinner({
  label = 'Cargando',
  showLabel = false,
  className = '',
}: {
  label?: string;
  showLabel?: boolean;
  className?: string;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center gap-3 p-4 ${className}`}
    >
      <span
        aria-hidden="true"
        className="inline-block h-8 w-8 animate-spin rounded-full border-4 border-current border-t-transparent text-primary"
      />
      {showLabel ? <span>{label}</span> : <span className="sr-only">{label}</span>}
    </div>
  );
}
