/** A case status as a neutral pill (the text is the information). */
export function StatusBadge({ status }: { status: string }) {
  const closed = status === 'Cerrada';
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-sm font-semibold ${closed ? 'border-gray-500 bg-gray-100 text-gray-800' : 'border-primary bg-light text-secondary'}`}
    >
      {status}
    </span>
  );
}
