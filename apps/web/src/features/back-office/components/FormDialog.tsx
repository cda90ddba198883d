import { useState, type FormEventHandler, type ReactNode } from 'react';
import { DialogFooter } from '../../../components/DialogFooter';
import { Modal } from '../../../components/Modal';
import { errorMessage } from '../api/call';
import { FormAlert } from './FormAlert';

/**
 * A back-office dialog that sends one form through one mutation: the footer's main button
 * submits it, the dialog cannot be closed while the call is on its way, and the server's refusal
 * (in Spanish, as the API words it) shows below the fields. The caller closes it on success.
 */
export function FormDialog({
  title,
  formId,
  submitLabel,
  mutation,
  onSubmit,
  onClose,
  size = 'lg',
  children,
}: {
  title: ReactNode;
  /** Id of the form, so the footer's submit button belongs to it. */
  formId: string;
  submitLabel: ReactNode;
  /** The mutation the form sends (its pending state and error). */
  mutation: { isPending: boolean; error: unknown };
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <Modal
      open
      size={size}
      onClose={onClose}
      locked={mutation.isPending}
      title={title}
      footer={
        <DialogFooter
          onCancel={onClose}
          formId={formId}
          busy={mutation.isPending}
          label={submitLabel}
        />
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit} className="space-y-4">
        {children}
        {mutation.error != null && <FormAlert reveal>{errorMessage(mutation.error)}</FormAlert>}
      </form>
    </Modal>
  );
}

/**
 * The state of a list page whose rows open a `FormDialog` to add or change an element: which
 * element is open (`null` for a new one), and the notice the page shows once it is saved.
 */
export function useEditDialog<T>() {
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  return {
    /** Whether the dialog is open, and for what: `item` null when adding. */
    editing,
    /** Opens the dialog on `item`, or on a new element. */
    open: (item: T | null) => setEditing({ item }),
    close: () => setEditing(null),
    /** A dialog's save succeeded: close it and say so on the page. */
    saved: (message: string) => {
      setNotice(message);
      setEditing(null);
    },
    notice,
    setNotice,
  };
}
