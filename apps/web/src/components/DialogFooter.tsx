import type { ReactNode } from 'react';
import { Button } from './Button';

/**
 * The footer of a dialog that asks for something: "Cancelar" (secondary), then the main action,
 * which submits the form `formId` or runs `onConfirm`. `busy` disables both while the action is
 * on its way; `disabled`, the action alone.
 */
export function DialogFooter({
  onCancel,
  label,
  formId,
  onConfirm,
  busy,
  disabled,
  incomplete,
  describedBy,
}: {
  onCancel: () => void;
  label: ReactNode;
  formId?: string;
  onConfirm?: () => void;
  busy?: boolean;
  disabled?: boolean;
  /** The form is not complete yet: see Button's `incomplete`. */
  incomplete?: boolean;
  /** Id of the text that says what the action still needs. */
  describedBy?: string;
}) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        Cancelar
      </Button>
      <Button
        type={formId ? 'submit' : 'button'}
        form={formId}
        onClick={onConfirm}
        disabled={busy || disabled}
        incomplete={incomplete}
        aria-describedby={describedBy}
      >
        {label}
      </Button>
    </>
  );
}
