import type { ReactNode } from 'react';

/** A message about a whole form or action: errors are announced at once, successes politely. */
export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'success' | 'info';
  children: ReactNode;
}) {
  const styles = {
    error: 'border-red-700 bg-red-50 text-red-800',
    success: 'border-green-700 bg-green-50 text-green-800',
    info: 'border-blue-700 bg-blue-50 text-blue-900',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border-l-4 px-4 py-3 ${styles}`}
    >
      {children}
    </div>
  );
}
