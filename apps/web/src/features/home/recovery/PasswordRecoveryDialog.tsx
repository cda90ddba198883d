import { zodResolver } from '@hookform/resolvers/zod';
import { EmailField } from './EmailField';
import { MESSAGES, passwordRecoverySchema, toCodeRecovery } from '@canal/shared';
import { TextField } from '../../../components/form/TextField';
import { useApi } from '../../../lib/api/ApiProvider';
import { RecoveryDialog, useRecoveryForm } from './RecoveryDialog';

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
  const { form, sent, submit, dialog } = useRecoveryForm<PasswordRecoveryFields>(
    zodResolver(passwordRecoverySchema),
    { codigo: '', email: '' },
    async ({ codigo, email }) => {
      // SPEC §3: the request is built only with both values, the code parsed as an integer.
      const payload = toCodeRecovery(codigo, email);
      if (!payload) throw new Error(MESSAGES.passwordRecoveryFailed);
      return api.recoverPassword(payload.codigo, payload.email);
    },
    onClose,
  );

  return (
    <RecoveryDialog
      open={open}
      {...dialog}
      title="Recuperar contraseña denuncia"
      submitLabel="Reenviar contraseña"
      loadingText="Estamos buscando la contraseña de tu denuncia"
      successText={
        <>
          <p>
            Enviamos al correo <strong className="break-all">{sent?.email}</strong> un enlace para
            crear una nueva contraseña.
          </p>
          <p>
            El enlace es válido por 30 minutos y se puede usar una sola vez. Si no lo ve, revise su
            carpeta de correo no deseado.
          </p>
        </>
      }
      errorText={MESSAGES.passwordRecoveryFailed}
    >
      <form id={dialog.formId} noValidate onSubmit={submit} className="space-y-4">
        <p>Ingrese el código de su denuncia y el correo electrónico que registró en ella.</p>
        <TextField
          label="Código de denuncia"
          inputMode="numeric"
          autoComplete="off"
          autoFocus
          error={form.formState.errors.codigo?.message}
          {...form.register('codigo')}
        />
        <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
      </form>
    </RecoveryDialog>
  );
}
