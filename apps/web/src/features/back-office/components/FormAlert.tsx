import type { ReactNode } from 'react';
import { revealOnMount } from '../../../components/reveal';

/**
 * A message about a whole form or action: errors are announced at once, successes politely. With
 * `reveal` (a dialog's error) it is also scrolled into view and focused as it appears.
 */
export function FormAlert({
  tone = 'error',
  reveal = false,
  children,
}: {
  tone?: 'error' | 'success' | 'info';
  reveal?: boolean;
  children: ReactNode;
}) {
  const styles = {
    error: 'border-red-700 bg-red-50 text-red-800',
    success: 'border-green-700 bg-green-50 text-green-800',
    info: 'border-blue-700 bg-blue-50 text-blue-900',
  }[tone];
  return (
    <div
      ref={reveal ? revealOnMount : undefined}
      tabIndex={reveal ? -1 : undefined}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-md border-l-4 px-4 py-3 ${styles}`}
    >
      {children}
    </div>
  );
}
