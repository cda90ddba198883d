import { zodResolver } from '@hookform/resolvers/zod';
import { DialogFooter } from '../../components/DialogFooter';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import {
  PASSWORD_SPECIAL_CHARACTERS,
  saveModalSchema,
  type ComplaintForm,
  type SaveModalValues,
} from '@canal/shared';
import { paths } from '../../config/paths';
import { Button } from '../../components/Button';
import { DialogError } from '../../components/DialogError';
import { Modal } from '../../components/Modal';
import { ProgressBar } from '../../components/ProgressBar';
import { UploadProgress } from '../../components/UploadProgress';
import { Spinner } from '../../components/Spinner';
import { PasswordField } from '../../components/form/PasswordField';
import { TextField } from '../../components/form/TextField';
import { useApi } from '../../lib/api/ApiProvider';
import type { FileProgress } from '../../lib/api/resumable';
import { saveErrorMessage } from './save-error';

/** SPEC §4 "Save-complaint flow": form → saving → success, or back to the form with an error. */
type SaveState =
  | { phase: 'form'; error: string | null }
  | { phase: 'saving'; progress: number; resuming: boolean; files: readonly FileProgress[] }
  | {
      phase: 'success';
      ticket: number;
      email: string;
      password: string;
      loggingIn: boolean;
      error: string | null;
    };

const FORM_ID = 'formulario-guardar-denuncia';

/** Who sees the contact address (issue 9): said plainly before it is given. */
export const whoSeesTheAddress = (anonymous: boolean) =>
  anonymous
    ? 'Su correo solo se usa para enviarle avisos; el equipo investigador no lo ve en una denuncia anónima.'
    : 'Su correo se usa para enviarle avisos y el equipo investigador lo ve junto con sus datos de contacto.';

export interface SaveComplaintDialogProps {
  /** The valid complaint to file; null keeps the dialog closed. */
  complaint: ComplaintForm | null;
  files: File[];
  onClose: () => void;
  /** The complaint was filed: nothing typed is left to lose. */
  onFiled?: () => void;
}

export function SaveComplaintDialog({
  complaint,
  files,
  onClose,
  onFiled,
}: SaveComplaintDialogProps) {
  const api = useApi();
  const navigate = useNavigate();
  const [state, setState] = useState<SaveState>({ phase: 'form', error: null });
  const [copied, setCopied] = useState(false);
  async function copyCode(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      // No clipboard (an old browser, or refused): the code stays on screen to write down.
    }
  }
  const {
    register,
    handleSubmit,
    trigger,
    getFieldState,
    formState: { errors, isValid },
  } = useForm<z.input<typeof saveModalSchema>, unknown, SaveModalValues>({
    resolver: zodResolver(saveModalSchema),
    mode: 'all',
    defaultValues: { email: '', repeatEmail: '', password: '', repeatPassword: '' },
  });

  // A repeat field already filled in is checked again when the field it repeats changes.
  const recheck = (field: 'repeatEmail' | 'repeatPassword') => () => {
    if (getFieldState(field).isTouched || getFieldState(field).isDirty) void trigger(field);
  };

  function cancel() {
    setState({ phase: 'form', error: null });
    onClose();
  }

  async function save(values: SaveModalValues) {
    if (!complaint) return;
    setState({ phase: 'saving', progress: 0, resuming: false, files: [] });
    try {
      // With files, each goes over tus first (decision 0074): «Reanudando…» after a cut.
      const created = await api.fileComplaint(
        complaint,
        { email: values.email, password: values.password },
        files,
        {
          onProgress: (progress) =>
            setState((s) => (s.phase === 'saving' ? { ...s, progress } : s)),
          onResuming: (resuming) =>
            setState((s) => (s.phase === 'saving' ? { ...s, resuming } : s)),
          onFiles: (each) => setState((s) => (s.phase === 'saving' ? { ...s, files: each } : s)),
        },
      );
      onFiled?.();
      setState({
        phase: 'success',
        ticket: created.ticket,
        email: created.email,
        password: values.password,
        loggingIn: false,
        error: null,
      });
    } catch (error) {
      setState({ phase: 'form', error: saveErrorMessage(error) });
    }
  }

  async function understood() {
    if (state.phase !== 'success') return;
    setState({ ...state, loggingIn: true, error: null });
    try {
      await api.login(state.ticket, state.password);
      // The ticket and password leave the page's state before the detail page loads. The detail
      // takes the place of the form's step in the history: Back (after "Salir", on a shared
      // computer) then finds an empty first step, not the type of this complaint (issue 22).
      setState({ phase: 'form', error: null });
      navigate(paths.complaintDetail(state.ticket), { replace: true });
    } catch (error) {
      setState({ ...state, loggingIn: false, error: saveErrorMessage(error) });
    }
  }

  const open = complaint !== null;

  if (state.phase === 'saving') {
    return (
      <Modal open={open} onClose={() => undefined} title="Guardando denuncia" locked hideClose>
        {/* Not a live region: the files' bars and marks would each be read; UploadProgress has the
            one status line a screen reader hears (issue 21). */}
        <div className="space-y-4">
          <p className="font-semibold">Estamos guardando los datos de su denuncia</p>
          <p className="text-sm text-gray-700">
            Este proceso puede tardar más de lo habitual si adjuntó muchos archivos o archivos de
            gran tamaño. Por favor, no cierre esta ventana.
          </p>
          {files.length > 0 ? (
            <UploadProgress
              value={state.progress}
              files={state.files}
              resuming={state.resuming}
              label="Progreso de envío de la denuncia"
            />
          ) : (
            <ProgressBar value={state.progress} label="Progreso de envío de la denuncia" />
          )}
        </div>
      </Modal>
    );
  }

  if (state.phase === 'success') {
    return (
      <Modal
        open={open}
        onClose={() => undefined}
        title="Denuncia Ingresada"
        locked
        hideClose
        footer={
          <Button onClick={understood} disabled={state.loggingIn}>
            Entendido
          </Button>
        }
      >
        <div className="space-y-3">
          <p className="font-semibold">Tu denuncia fue ingresada con éxito</p>
          <p>
            Código de su denuncia: <strong className="text-lg tracking-wide">{state.ticket}</strong>
          </p>
          {/* Keep the code before anything else: copy it or print this page (issue 12). */}
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => void copyCode(String(state.ticket))}>
              {copied ? 'Código copiado' : 'Copiar código'}
            </Button>
            <Button variant="secondary" onClick={() => window.print()}>
              Imprimir
            </Button>
          </div>
          {/* The mail is neutral by design: it carries the code, never the facts (issue 12). */}
          <p>
            Le enviamos el código al correo electrónico registrado (
            <strong className="break-all">{state.email}</strong>). Por su seguridad, ese correo no
            incluye los hechos: el resumen en PDF se descarga desde el detalle de su denuncia.
          </p>
          {state.loggingIn && <Spinner label="Ingresando a su denuncia" showLabel />}
          {state.error && <DialogError>{state.error}</DialogError>}
        </div>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onClose={cancel}
      title="Generar contraseña de recuperación y seguimiento"
      size="lg"
      footer={
        <DialogFooter
          onCancel={cancel}
          formId={FORM_ID}
          incomplete={!isValid}
          describedBy={isValid ? undefined : 'guardar-pendiente'}
          label="Guardar denuncia"
        />
      }
    >
      <form id={FORM_ID} onSubmit={handleSubmit(save)} noValidate className="space-y-4">
        <p>
          Para hacer seguimiento a la investigación de su denuncia le pedimos un correo electrónico
          de contacto y una contraseña. Al guardar, enviaremos a ese correo el código de su
          denuncia; con el código y la contraseña podrá consultar su estado.
        </p>
        <p className="text-sm text-gray-700">
          La información que ingrese es confidencial y, una vez guardada la denuncia, no podrá ser
          modificada.
        </p>
        <p className="text-sm text-gray-700">{whoSeesTheAddress(complaint?.anonymous ?? false)}</p>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            label="Correo electrónico de contacto"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email', { onChange: recheck('repeatEmail') })}
          />
          <TextField
            label="Repetir correo electrónico"
            type="email"
            autoComplete="email"
            error={errors.repeatEmail?.message}
            {...register('repeatEmail')}
          />
          <PasswordField
            label="Contraseña"
            autoComplete="new-password"
            hint={`Mínimo 6 caracteres, con al menos un número, una letra mayúscula y un carácter especial (${PASSWORD_SPECIAL_CHARACTERS.split('').join(' ')}).`}
            error={errors.password?.message}
            {...register('password', { onChange: recheck('repeatPassword') })}
          />
          <PasswordField
            label="Repetir contraseña"
            autoComplete="new-password"
            error={errors.repeatPassword?.message}
            {...register('repeatPassword')}
          />
        </div>
        {!isValid && (
          <p id="guardar-pendiente" className="text-sm text-gray-700">
            Para guardar la denuncia, complete el correo y la contraseña, cada uno dos veces.
          </p>
        )}
        {state.error && <DialogError>{state.error}</DialogError>}
      </form>
    </Modal>
  );
}
