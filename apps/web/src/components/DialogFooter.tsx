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
}: {
  onCancel: () => void;
  label: ReactNode;
  formId?: string;
  onConfirm?: () => void;
  busy?: boolean;
  disabled?: boolean;
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
      >
        {label}
      </Button>
    </>
  );
}
