import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { codeRecoverySchema, MESSAGES } from '@canal/shared';
import { TextField } from '../../components/form/TextField';
import { useApi } from '../api/ApiProvider';
import { RecoveryDialog, recoveryState } from './RecoveryDialog';

/**
 * "Recuperar código denuncia" (SPEC §2). Only the e-mail is asked, and the API answers the same
 * whether or not it filed a complaint (DESIGN §5): the success text cannot say more than "sent".
 */
export function CodeRecoveryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const api = useApi();
  const formId = useId();
  const form = useForm({
    mode: 'all',
    resolver: zodResolver(codeRecoverySchema),
    defaultValues: { email: '' },
  });
  const recovery = useMutation({ mutationFn: (email: string) => api.recoverCode(email) });

  const close = () => {
    onClose();
    form.reset();
    recovery.reset();
  };

  return (
    <RecoveryDialog
      open={open}
      onClose={close}
      title="Recuperar código denuncia"
      state={recoveryState(recovery)}
      formId={formId}
      submitLabel="Reenviar codigo"
      loadingText="Estamos buscando el código de tu denuncia"
      successText={
        <>
          <p>
            Enviamos el código de tu denuncia al correo <strong className="break-all">{recovery.variables}</strong>.
          </p>
          <p>
            Si no lo recibes en unos minutos, revisa tu carpeta de correo no deseado y confirma que sea el correo que
            registraste en tu denuncia.
          </p>
        </>
      }
      errorText={MESSAGES.codeRecoveryFailed}
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit(({ email }) => recovery.mutate(email))} className="space-y-4">
        <p>Ingresa el correo electrónico que registraste en tu denuncia y te enviaremos el código.</p>
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          autoFocus
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
      </form>
    </RecoveryDialog>
  );
}
