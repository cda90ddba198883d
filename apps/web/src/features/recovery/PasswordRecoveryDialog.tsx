import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MESSAGES, passwordRecoverySchema, toCodeRecovery } from '@canal/shared';
import { TextField } from '../../components/form/TextField';
import { useApi } from '../api/ApiProvider';
import { RecoveryDialog, recoveryState } from './RecoveryDialog';

interface PasswordRecoveryFields {
  codigo: string;
  email: string;
}

/**
 * "Recuperar contraseña denuncia" (SPEC §2). Passwords are never sent (DESIGN §5): a matching code
 * and e-mail get a single-use link to /restablecer-contrasena/{token}, valid 30 minutes.
 */
export function PasswordRecoveryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const api = useApi();
  const formId = useId();
  const form = useForm<PasswordRecoveryFields>({
    mode: 'all',
    resolver: zodResolver(passwordRecoverySchema),
    defaultValues: { codigo: '', email: '' },
  });
  const recovery = useMutation({
    mutationFn: async ({ codigo, email }: PasswordRecoveryFields) => {
      // SPEC §3: the request is built only with both values, the code parsed as an integer.
      const payload = toCodeRecovery(codigo, email);
      if (!payload) throw new Error(MESSAGES.passwordRecoveryFailed);
      return api.recoverPassword(payload.codigo, payload.email);
    },
  });

  const close = () => {
    onClose();
    form.reset();
    recovery.reset();
  };

  return (
    <RecoveryDialog
      open={open}
      onClose={close}
      title="Recuperar contraseña denuncia"
      state={recoveryState(recovery)}
      formId={formId}
      submitLabel="Reenviar contraseña"
      loadingText="Estamos buscando la contraseña de tu denuncia"
      successText={
        <>
          <p>
            Enviamos al correo <strong className="break-all">{recovery.variables?.email}</strong> un enlace para crear
            una nueva contraseña.
          </p>
          <p>El enlace es válido por 30 minutos y se puede usar una sola vez. Si no lo ves, revisa tu carpeta de correo no deseado.</p>
        </>
      }
      errorText={MESSAGES.passwordRecoveryFailed}
    >
      <form id={formId} noValidate onSubmit={form.handleSubmit((values) => recovery.mutate(values))} className="space-y-4">
        <p>Ingresa el código de tu denuncia y el correo electrónico que registraste en ella.</p>
        <TextField
          label="Código de denuncia"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          error={form.formState.errors.codigo?.message}
          {...form.register('codigo')}
        />
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="email"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
      </form>
    </RecoveryDialog>
  );
}
