import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginValues } from '@canal/shared';
import { DialogError } from '../../components/DialogError';
import { DialogFooter } from '../../components/DialogFooter';
import { Modal } from '../../components/Modal';
import { PasswordField } from '../../components/form/PasswordField';
import { TextField } from '../../components/form/TextField';
import { useApi } from '../../lib/api/ApiProvider';
import { loginErrorMessage } from '../../lib/api/login-error';

const FORM_ID = 'formulario-ingresar-nuevamente';

export const OTHER_TICKET_MESSAGE =
  'Ese código no corresponde a la denuncia que está viendo. Ingrese el código de esta denuncia.';

/**
 * The complainant's session ended while the detail page was open (30 minutes idle): code and
 * password again, in place, so that the comment being typed is not lost (issue 12). Signing in
 * with another complaint's code is refused here: this page shows this complaint.
 */
export function SignInAgainDialog({
  open,
  ticket,
  onSignedIn,
  onClose,
}: {
  open: boolean;
  ticket: number;
  onSignedIn: () => void;
  onClose: () => void;
}) {
  const api = useApi();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    mode: 'all',
    defaultValues: { ticket: String(ticket), password: '' },
  });

  const submit = handleSubmit(async (values) => {
    if (Number.parseInt(values.ticket, 10) !== ticket) {
      setError('root', { message: OTHER_TICKET_MESSAGE });
      return;
    }
    try {
      await api.login(ticket, values.password);
    } catch (error) {
      setError('root', { message: loginErrorMessage(error) });
      return;
    }
    reset({ ticket: String(ticket), password: '' });
    onSignedIn();
  });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Su sesión expiró"
      locked={isSubmitting}
      footer={
        <DialogFooter
          onCancel={onClose}
          label="Ingresar nuevamente"
          formId={FORM_ID}
          busy={isSubmitting}
        />
      }
    >
      <form id={FORM_ID} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p>
          Por su seguridad, la sesión se cierra tras 30 minutos sin actividad. Ingrese nuevamente su
          código y contraseña: lo que escribió sigue en la página.
        </p>
        <TextField
          label="Código de denuncia"
          inputMode="numeric"
          autoComplete="off"
          error={errors.ticket?.message}
          {...register('ticket')}
        />
        <PasswordField
          label="Contraseña"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {errors.root?.message && <DialogError>{errors.root.message}</DialogError>}
      </form>
    </Modal>
  );
}
