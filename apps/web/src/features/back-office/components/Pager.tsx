/** Previous / next over server pages, with the position in words. */
export function Pager({
  total,
  limit,
  offset,
  onChange,
  label,
}: {
  total: number;
  limit: number;
  offset: number;
  onChange: (offset: number) => void;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / limit));
  const page = Math.floor(offset / limit) + 1;
  if (total <= limit) return null;
  const button =
    'min-h-11 rounded-md border-2 border-primary px-4 font-semibold text-primary hover:bg-light disabled:border-gray-400 disabled:text-gray-500';
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={button}
        disabled={page <= 1}
        onClick={() => onChange(Math.max(0, offset - limit))}
      >
        Anterior
      </button>
      <span>
        Página {page} de {pages}
      </span>
      <button
        type="button"
        className={button}
        disabled={page >= pages}
        onClick={() => onChange(offset + limit)}
      >
        Siguiente
      </button>
    </nav>
  );
}
