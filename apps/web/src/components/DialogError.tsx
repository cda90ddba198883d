import type { ReactNode } from 'react';
import { revealOnMount } from './reveal';

/** The error of a dialog's action (saving, sending, signing in): announced, shown and focused. */
export function DialogError({ children }: { children: ReactNode }) {
  return (
    <div
      ref={revealOnMount}
      role="alert"
      tabIndex={-1}
      className="space-y-2 rounded-md border border-red-700 bg-red-50 p-3 text-red-800"
    >
      {children}
    </div>
  );
}
