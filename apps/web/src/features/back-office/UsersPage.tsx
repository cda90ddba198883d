import { StaffTable } from './components/StaffTable';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ORGANIZATIONS } from '@canal/shared';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/form/Checkbox';
import { TextField } from '../../components/form/TextField';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/call';
import { type StaffRole, type StaffUser, useUserActions, useUsers } from './api/users';
import { useSessionActions } from './api/sessions';
import { usePasskeyActions, useSecurityPolicy, useUpdateSecurityPolicy } from './api/passkeys';
import { ConfirmDialog } from './components/ConfirmDialog';
import { FormAlert } from './components/FormAlert';
import { FormDialog, useEditDialog } from './components/FormDialog';
import { SelectField } from '../../components/form/fields';
import { ROLE_LABELS } from '@canal/shared';
import {
  isAdministrator,
  useStaffUser,
  worksOnEveryOrganization,
} from './components/StaffUserContext';
import { inviteResolver, type InviteForm } from './schemas';

const ROLES: StaffRole[] = ['investigador', 'auditor', 'administrador'];
const orgName = (id: string) => ORGANIZATIONS.find((o) => o.id === id)?.shortName ?? id;

/**
 * What the organisations checked mean for the role chosen, said as they are checked: an
 * administrator with none works on all of them (decision 0033).
 */
export function organizationsMeaning(role: StaffRole | undefined, checked: number): string {
  if (role === 'administrador')
    return checked === 0
      ? 'Sin organizaciones marcadas, trabaja en todas: ve sus casos y recibe los avisos de cada denuncia nueva de todas ellas.'
      : 'Trabaja solo en las organizaciones marcadas: ve sus casos y recibe sus avisos. Para que trabaje en todas, déjelas sin marcar.';
  return checked === 0
    ? 'Sin organizaciones marcadas no verá ningún caso.'
    : 'Ve los casos de las organizaciones marcadas y, si investiga, recibe sus avisos.';
}

function OrganizationChecks({
  form,
  error,
}: {
  form: ReturnType<typeof useForm<InviteForm>>;
  error?: string;
}) {
  const role = useWatch({ control: form.control, name: 'role' });
  const checked = useWatch({ control: form.control, name: 'organizations' }) ?? [];
  return (
    <fieldset className="space-y-2" aria-describedby="organizaciones-significado">
      <legend className="font-semibold">Organizaciones</legend>
      <p id="organizaciones-significado" aria-live="polite" className="text-sm text-gray-700">
        {organizationsMeaning(role, checked.length)}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {ORGANIZATIONS.map((o) => (
          <Checkbox
            key={o.id}
            label={o.shortName}
            value={o.id}
            {...form.register('organizations')}
          />
        ))}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Invite (new) or change (existing) a person: name, role, organisations; the e-mail only when inviting. */
function UserDialog({
  user,
  onClose,
  onSaved,
}: {
  user: StaffUser | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { invite, update } = useUserActions();
  const mutation = user ? update : invite;
  const form = useForm<InviteForm>({
    mode: 'onTouched',
    resolver: inviteResolver,
    defaultValues: user
      ? {
          email: user.email,
          name: user.name,
          role: user.role,
          organizations: user.organizations,
        }
      : { email: '', name: '', role: 'investigador', organizations: [] },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) => {
    if (user)
      update.mutate(
        {
          id: user.id,
          changes: { name: v.name, role: v.role, organizations: v.organizations ?? [] },
        },
        { onSuccess: () => onSaved('Cambios guardados.') },
      );
    else
      invite.mutate(
        { ...v, organizations: v.organizations ?? [] },
        { onSuccess: () => onSaved(`Invitación enviada a ${v.email}.`) },
      );
  });
  return (
    <FormDialog
      title={user ? `Modificar a ${user.name}` : 'Invitar usuario'}
      formId="usuario-form"
      submitLabel={user ? 'Guardar cambios' : 'Enviar invitación'}
      mutation={mutation}
      onSubmit={submit}
      onClose={onClose}
    >
      {!user && (
        <TextField
          label="Correo electrónico"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
      )}
      <TextField label="Nombre" error={errors.name?.message} {...form.register('name')} />
      <SelectField label="Rol" error={errors.role?.message} {...form.register('role')}>
        {ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_LABELS[r]}
          </option>
        ))}
      </SelectField>
      <OrganizationChecks form={form} error={errors.organizations?.message} />
      {!user && (
        <p className="text-sm text-gray-700">
          Recibirá por correo un enlace de un solo uso, válido por 72 horas, para crear su
          contraseña y configurar su segundo factor.
        </p>
      )}
    </FormDialog>
  );
}

/** The staff sign-in policy: whether administrators must sign in with a passkey (decision 0076). */
function SecurityPolicySection({ onSaved }: { onSaved: (notice: string) => void }) {
  const policy = useSecurityPolicy();
  const update = useUpdateSecurityPolicy();
  return (
    <section
      aria-labelledby="politica-titulo"
      className="space-y-2 rounded-lg border border-gray-200 bg-white p-4"
    >
      <h2 id="politica-titulo" className="text-lg font-bold text-secondary">
        Ingreso de las personas administradoras
      </h2>
      {policy.isError && <FormAlert>{errorMessage(policy.error)}</FormAlert>}
      {update.error && <FormAlert>{errorMessage(update.error)}</FormAlert>}
      {policy.data && (
        <Checkbox
          label="Exigir llave de acceso a las personas administradoras: quien no tenga una deberá registrarla en su próximo ingreso, y desde entonces ingresará con ella."
          checked={policy.data.passkeysRequiredForAdministrators}
          disabled={update.isPending}
          onChange={(e) =>
            update.mutate(
              { passkeysRequiredForAdministrators: e.target.checked },
              {
                onSuccess: (saved) =>
                  onSaved(
                    saved.passkeysRequiredForAdministrators
                      ? 'Ahora las personas administradoras deben ingresar con llave de acceso.'
                      : 'Las personas administradoras ya no están obligadas a usar llave de acceso.',
                  ),
              },
            )
          }
        />
      )}
    </section>
  );
}

/** /gestion/usuarios (administrators): the staff list, invitations, roles, organisations, deactivation. */
export function UsersPage() {
  const me = useStaffUser();
  const users = useUsers(isAdministrator(me));
  const { update, reinvite } = useUserActions();
  const { endAllOf } = useSessionActions();
  const { resetOf } = usePasskeyActions();
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  const { editing, open, close, saved, notice, setNotice } = useEditDialog<StaffUser>();
  if (!isAdministrator(me)) return <FormAlert>No tiene permiso para ver esta página.</FormAlert>;
  const failure = update.error ?? reinvite.error ?? endAllOf.error;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-secondary">Usuarios</h1>
        <Button onClick={() => open(null)}>Invitar usuario</Button>
      </div>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
      <SecurityPolicySection onSaved={setNotice} />
      {users.isError && <FormAlert>{errorMessage(users.error)}</FormAlert>}
      {users.isPending && <LoadingView />}
      {users.data && (
        <StaffTable
          caption="Usuarios de la gestión"
          minWidth="min-w-[52rem]"
          columns={['Nombre', 'Correo', 'Rol', 'Organizaciones', 'Estado', 'Acciones']}
        >
          {users.data.map((u) => (
            <tr key={u.id} className="border-t border-gray-200 align-top">
              <th scope="row" className="px-3 py-2 font-semibold">
                {u.name}
              </th>
              <td className="px-3 py-2 break-all">{u.email}</td>
              <td className="px-3 py-2">{ROLE_LABELS[u.role]}</td>
              <td className="px-3 py-2">
                {worksOnEveryOrganization(u)
                  ? 'Todas'
                  : u.organizations.map(orgName).join(', ') || 'Ninguna'}
              </td>
              <td className="px-3 py-2">
                {!u.active ? 'Desactivado' : u.activated ? 'Activo' : 'Invitación pendiente'}
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="ghost"
                    className="min-h-9 px-2"
                    onClick={() => open(u)}
                    aria-label={`Modificar a ${u.name}`}
                  >
                    Modificar
                  </Button>
                  {u.active && (
                    <Button
                      variant="ghost"
                      className="min-h-9 px-2"
                      aria-label={`Reenviar invitación a ${u.name}`}
                      disabled={reinvite.isPending}
                      onClick={() =>
                        reinvite.mutate(u.id, {
                          onSuccess: () => setNotice(`Invitación enviada a ${u.email}.`),
                        })
                      }
                    >
                      Reenviar invitación
                    </Button>
                  )}
                  {u.active && u.activated && u.id !== me.id && (
                    <Button
                      variant="ghost"
                      className="min-h-9 px-2"
                      aria-label={`Cerrar sesiones de ${u.name}`}
                      disabled={endAllOf.isPending}
                      onClick={() =>
                        endAllOf.mutate(u.id, {
                          onSuccess: (n) =>
                            setNotice(
                              n === 0
                                ? `${u.name} no tenía sesiones abiertas.`
                                : `Se cerraron las sesiones de ${u.name} (${n}).`,
                            ),
                        })
                      }
                    >
                      Cerrar sesiones
                    </Button>
                  )}
                  {u.active && u.activated && u.id !== me.id && (
                    <Button
                      variant="ghost"
                      className="min-h-9 px-2"
                      aria-label={`Restablecer llaves de acceso de ${u.name}`}
                      onClick={() => {
                        resetOf.reset();
                        setResetting(u);
                      }}
                    >
                      Restablecer llaves
                    </Button>
                  )}
                  {u.id !== me.id && (
                    <Button
                      variant="ghost"
                      className="min-h-9 px-2"
                      aria-label={`${u.active ? 'Desactivar' : 'Reactivar'} a ${u.name}`}
                      disabled={update.isPending}
                      onClick={() =>
                        update.mutate(
                          { id: u.id, changes: { active: !u.active } },
                          {
                            onSuccess: () =>
                              setNotice(`${u.name} quedó ${u.active ? 'desactivado' : 'activo'}.`),
                          },
                        )
                      }
                    >
                      {u.active ? 'Desactivar' : 'Reactivar'}
                    </Button>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </StaffTable>
      )}
      {editing && <UserDialog user={editing.item} onClose={close} onSaved={saved} />}
      {resetting && (
        <ConfirmDialog
          title={`Restablecer las llaves de acceso de ${resetting.name}`}
          label="Restablecer"
          busy={resetOf.isPending}
          error={resetOf.error ? errorMessage(resetOf.error) : null}
          onCancel={() => setResetting(null)}
          onConfirm={() =>
            resetOf.mutate(resetting.id, {
              onSuccess: (n) => {
                setNotice(
                  `Se eliminaron ${n === 1 ? '1 llave' : `${n} llaves`} de acceso de ${resetting.name} y se cerraron sus sesiones. Le avisamos por correo.`,
                );
                setResetting(null);
              },
            })
          }
        >
          <p>
            Se eliminarán todas sus llaves de acceso y se cerrarán sus sesiones abiertas. Podrá
            volver a ingresar con su contraseña y su código, y registrar una llave nueva. Le
            avisaremos por correo.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
