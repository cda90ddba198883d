import { useState, type FormEvent } from 'react';
import { passkeyNameSchema } from '@canal/shared';
import { Button } from '../../../components/Button';
import { LoadingView } from '../../../components/LoadingView';
import { TextField } from '../../../components/form/TextField';
import { errorMessage } from '../api/call';
import {
  PasskeyCeremonyError,
  passkeysSupported,
  useMyPasskeys,
  usePasskeyActions,
} from '../api/passkeys';
import { FormAlert } from './FormAlert';
import { StaffTable } from './StaffTable';
import { dateTime } from './format';

const failureText = (error: unknown) =>
  error instanceof PasskeyCeremonyError ? error.message : errorMessage(error);

/**
 * The person's passkeys (decision 0076): register one on this device (named, so they can tell
 * them apart), see when each was last used, remove one. `required`: the administrators' policy
 * asks for one before anything else.
 */
export function PasskeysSection({ required = false }: { required?: boolean }) {
  const passkeys = useMyPasskeys();
  const { register, remove } = usePasskeyActions();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const failure = register.error ?? remove.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const parsed = passkeyNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'El nombre no es válido.');
      return;
    }
    setNameError(null);
    register.mutate(parsed.data, {
      onSuccess: (created) => {
        setName('');
        setNotice(`Se registró la llave de acceso «${created.name}».`);
      },
    });
  };

  // Alone on the page while the policy waits for one: then it is the page's heading.
  const Heading = required ? 'h1' : 'h2';
  return (
    <section aria-labelledby="llaves-titulo" className="space-y-4">
      <Heading id="llaves-titulo" className="text-xl font-bold text-secondary">
        Llaves de acceso
      </Heading>
      {required && (
        <FormAlert tone="info">
          Las personas administradoras deben ingresar con una llave de acceso. Registre una ahora
          para continuar.
        </FormAlert>
      )}
      <p className="text-gray-700">
        Una llave de acceso (passkey) queda guardada en este dispositivo o en su llavero y se
        desbloquea con su huella, su rostro o el PIN del equipo. Sirve en lugar del código de
        verificación o para ingresar sin contraseña, y no funciona en sitios falsos que imiten este.
      </p>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {failure && <FormAlert>{failureText(failure)}</FormAlert>}
      {passkeysSupported() ? (
        <form noValidate onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <TextField
            label="Nombre de la nueva llave"
            hint="Por ejemplo: «Portátil de la oficina» o «Teléfono»."
            value={name}
            maxLength={60}
            error={nameError ?? undefined}
            onChange={(e) => setName(e.target.value)}
            className="min-w-64 flex-1"
          />
          <Button type="submit" disabled={register.isPending}>
            {register.isPending ? 'Registrando…' : 'Registrar llave de acceso'}
          </Button>
        </form>
      ) : (
        <p className="text-gray-700">
          Este navegador no admite llaves de acceso. Use un navegador actualizado para registrar
          una.
        </p>
      )}
      {passkeys.isPending && <LoadingView />}
      {passkeys.isError && <FormAlert>{errorMessage(passkeys.error)}</FormAlert>}
      {passkeys.data && passkeys.data.length === 0 && (
        <p className="text-gray-700">Aún no tiene llaves de acceso registradas.</p>
      )}
      {passkeys.data && passkeys.data.length > 0 && (
        <StaffTable
          caption="Sus llaves de acceso"
          minWidth="min-w-[36rem]"
          columns={['Nombre', 'Registrada', 'Último uso', 'Acciones']}
        >
          {passkeys.data.map((p) => (
            <tr key={p.id} className="border-t border-gray-200 align-top">
              <th scope="row" className="px-3 py-2 font-semibold">
                {p.name}
              </th>
              <td className="px-3 py-2">{dateTime(p.createdAt)}</td>
              <td className="px-3 py-2">{p.lastUsedAt ? dateTime(p.lastUsedAt) : 'Nunca'}</td>
              <td className="px-3 py-2">
                <Button
                  variant="ghost"
                  className="min-h-9 px-2"
                  aria-label={`Eliminar la llave de acceso «${p.name}»`}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(p.id, {
                      onSuccess: () => setNotice(`Se eliminó la llave de acceso «${p.name}».`),
                    })
                  }
                >
                  Eliminar
                </Button>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
    </section>
  );
}
