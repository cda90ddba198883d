import { zodResolver } from '@hookform/resolvers/zod';
import { EmailField } from './EmailField';
import { codeRecoverySchema, MESSAGES } from '@canal/shared';
import { useApi } from '../../../lib/api/ApiProvider';
import { RecoveryDialog, useRecoveryForm } from './RecoveryDialog';

/**
 * "Recuperar código denuncia" (SPEC §2). Only the e-mail is asked, and the API answers the same
 * whether or not it filed a complaint (DESIGN §5): the success text cannot say more than "sent".
 */
export function CodeRecoveryDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const api = useApi();
  const { form, sent, submit, dialog } = useRecoveryForm(
    zodResolver(codeRecoverySchema),
    { email: '' },
    ({ email }) => api.recoverCode(email),
    onClose,
  );

  return (
    <RecoveryDialog
      open={open}
      {...dialog}
      title="Recuperar código denuncia"
      submitLabel="Reenviar codigo"
      loadingText="Estamos buscando el código de tu denuncia"
      successText={
        <>
          {/* The answer is the same whether or not the address filed (it reveals nothing), so
              the text does not claim that a mail went out (issue 12). */}
          <p>
            Si el correo <strong className="break-all">{sent?.email}</strong> corresponde a una
            denuncia, le enviamos a esa dirección el código de su denuncia.
          </p>
          <p>
            Si no lo recibe en unos minutos, revise su carpeta de correo no deseado y confirme que
            sea el correo que registró en su denuncia.
          </p>
        </>
      }
      errorText={MESSAGES.codeRecoveryFailed}
    >
      <form id={dialog.formId} noValidate onSubmit={submit} className="space-y-4">
        <p>Ingrese el correo electrónico que registró en su denuncia y le enviaremos el código.</p>
        <EmailField
          autoFocus
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
      </form>
    </RecoveryDialog>
  );
}
