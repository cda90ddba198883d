import { useId, useMemo, type ReactNode } from 'react';
import { DialogFooter } from '../../../components/DialogFooter';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { Button } from '../../../components/Button';
import { DialogError } from '../../../components/DialogError';
import { Modal } from '../../../components/Modal';
import { Spinner } from '../../../components/Spinner';
import { unreachableMessage } from '../../../lib/api/http';
import { useAction } from '../../../lib/api/use-action';

export type RecoveryState = 'idle' | 'pending' | 'success' | 'error';

export interface RecoveryDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  state: RecoveryState;
  /** Id of the form, so the footer's submit button belongs to it. */
  formId: string;
  submitLabel: string;
  loadingText: string;
  /** What was sent and where. */
  successText: ReactNode;
  errorText: string;
  /** Shown instead of errorText when the service could not be reached. */
  unreachableText?: string | null;
  /** The form (shown while idle and after an error). */
  children: ReactNode;
}

/**
 * SPEC §4 recovery flows: idle -> loading -> success or error. The form stays on an error so the
 * person can correct and retry; "Entendido" closes after success.
 */
export function RecoveryDialog(props: RecoveryDialogProps) {
  const {
    open,
    onClose,
    title,
    state,
    formId,
    submitLabel,
    loadingText,
    successText,
    errorText,
    unreachableText,
    children,
  } = props;
  const footer =
    state === 'pending' ? undefined : state === 'success' ? (
      <Button onClick={onClose}>Entendido</Button>
    ) : (
      <DialogFooter onCancel={onClose} formId={formId} label={submitLabel} />
    );
  return (
    <Modal open={open} onClose={onClose} title={title} footer={footer}>
      {state === 'pending' && (
        <Spinner label={loadingText} showLabel className="min-h-32 flex-col text-center" />
      )}
      {state === 'success' && (
        <div role="status" className="space-y-3">
          {successText}
        </div>
      )}
      {(state === 'idle' || state === 'error') && (
        <div className="space-y-4">
          {children}
          {state === 'error' && <DialogError>{unreachableText ?? errorText}</DialogError>}
        </div>
      )}
    </Modal>
  );
}

function recoveryState(mutation: {
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
}): RecoveryState {
  if (mutation.isPending) return 'pending';
  if (mutation.isSuccess) return 'success';
  return mutation.isError ? 'error' : 'idle';
}

/**
 * The form and the request of a recovery dialog: validated on every change, sent once valid, and
 * both forgotten when the dialog closes, so it opens empty next time.
 */
export function useRecoveryForm<Fields extends FieldValues>(
  resolver: Resolver<Fields>,
  defaultValues: DefaultValues<Fields>,
  send: (values: Fields) => Promise<unknown>,
  onClose: () => void,
) {
  const formId = useId();
  const form = useForm<Fields>({ mode: 'all', resolver, defaultValues });
  const recovery = useAction(send);
  // Once per failure, not on every render (it writes the technical message to the console).
  const unreachableText = useMemo(() => unreachableMessage(recovery.error), [recovery.error]);
  const close = () => {
    onClose();
    form.reset();
    recovery.reset();
  };
  return {
    form,
    /** What was sent, for the success text. */
    sent: recovery.variables,
    submit: form.handleSubmit((values) => recovery.mutate(values)),
    /** The props RecoveryDialog takes from the request's state. */
    dialog: {
      onClose: close,
      state: recoveryState(recovery),
      formId,
      // With the service unreachable, say so: not that the code or e-mail is wrong (issue 12).
      unreachableText,
    },
  };
}
