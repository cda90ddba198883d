import type { ReactNode } from 'react';
import { DialogFooter } from '../../../components/DialogFooter';
import { Modal } from '../../../components/Modal';
import { FormAlert } from './FormAlert';

/**
 * Asks to confirm an action whose effect reaches beyond the screen (closing a case with open
 * milestones, retiring master data, changing a case's type): what will happen, "Cancelar" and the
 * action named as itself. The dialog stays open while the action is on its way, and says in
 * place why it failed.
 */
export function ConfirmDialog({
  title,
  label,
  busy,
  error,
  onCancel,
  onConfirm,
  children,
}: {
  title: string;
  /** The action, as the button says it ("Retirar", "Cambiar tipo"). */
  label: string;
  busy: boolean;
  error?: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      onClose={onCancel}
      locked={busy}
      title={title}
      footer={<DialogFooter onCancel={onCancel} onConfirm={onConfirm} busy={busy} label={label} />}
    >
      <div className="space-y-4">
        {children}
        {error && <FormAlert reveal>{error}</FormAlert>}
      </div>
    </Modal>
  );
}
