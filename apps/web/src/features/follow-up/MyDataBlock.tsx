import { zodResolver } from '@hookform/resolvers/zod';
import {
  contactEmailFormSchema,
  contactPhoneFormSchema,
  DATA_REQUEST_TEXT_MAX,
  DATA_RIGHT_LABELS,
  PORTAL_DATA_RIGHTS,
  portalDataRequestFormSchema,
  type ComplaintDetail,
  type PortalDataRequestFormValues,
} from '@canal/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/Button';
import { TextField } from '../../components/form/TextField';
import { SelectField, TextAreaField } from '../../components/form/fields';
import { useApi } from '../../lib/api/ApiProvider';
import { HttpError, unreachableMessage } from '../../lib/api/http';
import { complaintKeys } from './queries';
import { Section } from './Section';

const FAILED = 'No fue posible completar la acción. Intente nuevamente.';

function failureMessage(error: unknown): string {
  const unreachable = unreachableMessage(error);
  if (unreachable) return unreachable;
  if (error instanceof HttpError && error.status === 401)
    return 'Su sesión expiró. Ingrese nuevamente con su código y contraseña.';
  if (error instanceof HttpError && error.serverMessage) return error.serverMessage;
  return FAILED;
}

/** Saves `data` as a file the browser downloads (no server round trip for the file itself). */
function saveJson(data: unknown, name: string) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function Outcome({ ok, error }: { ok: string | null; error: string | null }) {
  if (ok)
    return (
      <p role="status" className="rounded-md border border-green-700 bg-green-50 p-3">
        {ok}
      </p>
    );
  if (error)
    return (
      <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 text-red-800">
        {error}
      </p>
    );
  return null;
}

/** One action of the block: its own form, its own answer. */
function useOutcome() {
  const [ok, setOk] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    ok,
    error,
    async run(action: () => Promise<{ message: string }>) {
      setOk(null);
      setError(null);
      try {
        setOk((await action()).message);
        return true;
      } catch (e) {
        setError(failureMessage(e));
        return false;
      }
    },
  };
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 border-t border-gray-200 pt-4">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </div>
  );
}

/**
 * Law 21.719 on the detail page (issue 19): the complainant downloads a machine-readable copy of
 * their data, corrects their contact e-mail (confirmed from the new address) and number, and asks
 * for erasure, blocking, correction of anything else, or objects. The answer reaches the log.
 */
export function MyDataBlock({ id, detail }: { id: number; detail: ComplaintDetail }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const download = useOutcome();
  const email = useOutcome();
  const phone = useOutcome();
  const request = useOutcome();
  const emailForm = useForm({
    resolver: zodResolver(contactEmailFormSchema),
    defaultValues: { email: '' },
  });
  const phoneForm = useForm({
    resolver: zodResolver(contactPhoneFormSchema),
    defaultValues: { phone: detail.complainantContactNumber ?? '' },
  });
  const requestForm = useForm<PortalDataRequestFormValues>({
    resolver: zodResolver(portalDataRequestFormSchema),
    defaultValues: { detail: '' },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: complaintKeys.all(id) });

  return (
    <Section title="Sus datos personales">
      <div className="flex flex-col gap-4">
        <p className="text-gray-700">
          Según la Ley 21.719, puede obtener una copia de sus datos, corregirlos y pedir su
          supresión o bloqueo, u oponerse a su tratamiento. El equipo responde dentro del plazo
          legal; la respuesta quedará en la bitácora.
        </p>
        <Part title="Copia de sus datos">
          <p className="text-gray-700">
            Un archivo JSON, legible por otros programas, con lo que entregó, su bitácora y la lista
            de sus archivos.
          </p>
          <div>
            <Button
              variant="secondary"
              onClick={() =>
                void download.run(async () => {
                  saveJson(await api.personalData(id), `mis-datos-${id}.json`);
                  return { message: 'Se descargó la copia de sus datos.' };
                })
              }
            >
              Descargar mis datos (JSON)
            </Button>
          </div>
          <Outcome ok={download.ok} error={download.error} />
        </Part>
        <Part title="Correo de contacto">
          <form
            noValidate
            className="flex flex-col gap-3"
            onSubmit={emailForm.handleSubmit(async (v) => {
              if (await email.run(() => api.changeEmail(id, v.email))) emailForm.reset();
            })}
          >
            <TextField
              label="Nuevo correo de contacto"
              type="email"
              autoComplete="email"
              error={emailForm.formState.errors.email?.message}
              hint="Le enviaremos un enlace a esa dirección; el cambio se hace cuando lo abra."
              {...emailForm.register('email')}
            />
            <div>
              <Button type="submit" disabled={emailForm.formState.isSubmitting}>
                Cambiar correo
              </Button>
            </div>
            <Outcome ok={email.ok} error={email.error} />
          </form>
        </Part>
        {detail.complainantContactNumber !== null && (
          <Part title="Número de contacto">
            <form
              noValidate
              className="flex flex-col gap-3"
              onSubmit={phoneForm.handleSubmit(async (v) => {
                if (await phone.run(() => api.changePhone(id, v.phone))) await refresh();
              })}
            >
              <TextField
                label="Número de contacto"
                inputMode="numeric"
                autoComplete="tel"
                error={phoneForm.formState.errors.phone?.message}
                {...phoneForm.register('phone')}
              />
              <div>
                <Button type="submit" disabled={phoneForm.formState.isSubmitting}>
                  Guardar número
                </Button>
              </div>
              <Outcome ok={phone.ok} error={phone.error} />
            </form>
          </Part>
        )}
        <Part title="Otra solicitud sobre sus datos">
          <form
            noValidate
            className="flex flex-col gap-3"
            onSubmit={requestForm.handleSubmit(async (v) => {
              if (await request.run(() => api.requestDataRight(id, v.right, v.detail))) {
                requestForm.reset({ detail: '' });
                await refresh();
              }
            })}
          >
            <SelectField
              label="Qué solicita"
              options={PORTAL_DATA_RIGHTS.map((r) => ({ value: r, label: DATA_RIGHT_LABELS[r] }))}
              error={requestForm.formState.errors.right?.message}
              {...requestForm.register('right')}
            />
            <TextAreaField
              label="Detalle de su solicitud"
              rows={4}
              maxLength={DATA_REQUEST_TEXT_MAX}
              error={requestForm.formState.errors.detail?.message}
              {...requestForm.register('detail')}
            />
            <div>
              <Button type="submit" disabled={requestForm.formState.isSubmitting}>
                Enviar solicitud
              </Button>
            </div>
            <Outcome ok={request.ok} error={request.error} />
          </form>
        </Part>
      </div>
    </Section>
  );
}
