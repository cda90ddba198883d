import { useId, type ReactNode } from 'react';

// The plumbing every form control shares: the label tied to the control, hint and error referenced
// by aria-describedby, the error announced and marking the control invalid, one look.

export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

export const controlClass = (error?: string) =>
  `min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base disabled:cursor-not-allowed disabled:bg-gray-100 disabled:text-gray-500 ${
    error ? 'border-red-700' : 'border-gray-500'
  } focus:border-primary`;

/** The ids of a control and of its hint and error. */
export function useFieldIds(id?: string) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return { controlId, hintId: `${controlId}-ayuda`, errorId: `${controlId}-error` };
}

export function FieldMessages({
  hintId,
  hint,
  errorId,
  error,
}: {
  hintId: string;
  hint?: ReactNode;
  errorId: string;
  error?: string;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** The frame of a control: the label tied to it above, then the control and what follows it. */
export function FieldFrame({
  controlId,
  label,
  className = '',
  children,
}: {
  controlId: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={controlId} className="font-semibold">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * The ids of a control (`useFieldIds`) and its attributes: the id, marked invalid on an error,
 * described by `before`, its hint, `between` and its error (those that are set), in that order.
 */
export function useField(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const ids = useFieldIds(id);
  const control = ({
    before,
    between,
  }: { before?: string | null; between?: string | null } = {}) => ({
    id: ids.controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(
      before,
      hint ? ids.hintId : null,
      between,
      error ? ids.errorId : null,
    ),
  });
  return { ...ids, control };
}
