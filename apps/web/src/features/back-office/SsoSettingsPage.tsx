import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ORGANIZATIONS } from '@canal/shared';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/form/Checkbox';
import { TextAreaField } from '../../components/form/fields';
import { PasswordField } from '../../components/form/PasswordField';
import { TextField } from '../../components/form/TextField';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/call';
import {
  ssoProviderFormValues,
  useSaveSsoProvider,
  useSaveSsoRequired,
  useSsoSettings,
  type SsoProviderConfig,
  type SsoSettings,
} from './api/sso-settings';
import { FormAlert } from './components/FormAlert';
import { FormDialog, useEditDialog } from './components/FormDialog';
import { StaffTable } from './components/StaffTable';
import { dateTime } from './components/format';
import { useStaffUser, worksOnEveryOrganization } from './components/StaffUserContext';
import { ssoProviderResolver } from './schemas';

const LIST_HINT = 'Uno por línea o separados por comas, tal como los envía el proveedor.';

function ProviderDialog({
  provider,
  onClose,
  onSaved,
}: {
  provider: SsoProviderConfig | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const save = useSaveSsoProvider();
  const form = useForm({
    mode: 'onTouched',
    resolver: ssoProviderResolver,
    defaultValues: ssoProviderFormValues(provider),
  });
  const { errors } = form.formState;
  return (
    <FormDialog
      title={provider ? `Modificar el proveedor ${provider.name}` : 'Nuevo proveedor'}
      formId="proveedor-sso"
      submitLabel="Guardar"
      mutation={save}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) =>
        save.mutate(values, {
          onSuccess: () => onSaved(`Se guardó el proveedor ${values.name}.`),
        }),
      )}
    >
      <TextField
        label="Identificador"
        hint="Minúsculas, dígitos y guiones; aparece en las direcciones y en la auditoría (por ejemplo, entra)."
        readOnly={provider !== null}
        error={errors.id?.message}
        {...form.register('id')}
      />
      <TextField
        label="Nombre en el botón de ingreso"
        hint="El botón dirá «Ingresar con …»."
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label="Emisor (issuer)"
        hint="Por ejemplo: https://login.microsoftonline.com/<inquilino>/v2.0"
        error={errors.issuer?.message}
        {...form.register('issuer')}
      />
      <TextField
        label="Identificador de cliente (client id)"
        autoComplete="off"
        error={errors.clientId?.message}
        {...form.register('clientId')}
      />
      <PasswordField
        label="Secreto de cliente (client secret)"
        autoComplete="new-password"
        hint={
          provider
            ? 'Hay un secreto guardado, que no se muestra. Déjelo vacío para conservarlo.'
            : 'Se guarda cifrado y nunca vuelve a mostrarse.'
        }
        error={errors.clientSecret?.message}
        {...form.register('clientSecret')}
      />
      <TextField
        label="Alcances (scopes)"
        error={errors.scopes?.message}
        {...form.register('scopes')}
      />
      <TextAreaField
        label="Parámetros adicionales de la autorización (opcional)"
        hint="Uno por línea, nombre=valor. Google: access_type=offline y prompt=consent."
        rows={2}
        error={errors.params?.message}
        {...form.register('params')}
      />
      <TextField
        label="Claim con los grupos de la persona"
        hint="Entra ID: groups o roles; Google Workspace: el claim de su configuración; Keycloak: groups."
        error={errors.groupsClaim?.message}
        {...form.register('groupsClaim')}
      />
      <fieldset className="space-y-3">
        <legend className="font-semibold">Grupos que dan cada rol</legend>
        <TextAreaField
          label="Administrador"
          hint={LIST_HINT}
          rows={2}
          error={errors.adminGroups?.message}
          {...form.register('adminGroups')}
        />
        <TextAreaField
          label="Investigador"
          rows={2}
          error={errors.investigatorGroups?.message}
          {...form.register('investigatorGroups')}
        />
        <TextAreaField
          label="Auditor"
          rows={2}
          error={errors.auditorGroups?.message}
          {...form.register('auditorGroups')}
        />
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="font-semibold">Grupos que dan cada organización</legend>
        <p className="text-sm text-gray-700">
          Un administrador sin organizaciones trabaja en todas. {LIST_HINT}
        </p>
        {ORGANIZATIONS.map((o) => (
          <TextField
            key={o.id}
            label={o.shortName}
            error={errors.organizationGroups?.[o.id]?.message}
            {...form.register(`organizationGroups.${o.id}`)}
          />
        ))}
      </fieldset>
      <Checkbox
        label="Crear la cuenta en el primer ingreso (si no, un administrador la invita antes con ese correo)"
        {...form.register('autoCreate')}
      />
      <Checkbox label="Habilitado" {...form.register('enabled')} />
    </FormDialog>
  );
}

function RequiredOrganizations({ settings }: { settings: SsoSettings }) {
  const save = useSaveSsoRequired();
  const fixed = settings.required.filter((r) => r.fromEnvironment).map((r) => r.organizationId);
  const [chosen, setChosen] = useState(() =>
    settings.required.filter((r) => !r.fromEnvironment).map((r) => r.organizationId),
  );
  const [done, setDone] = useState(false);
  return (
    <section aria-labelledby="sso-organizaciones" className="space-y-3">
      <h2 id="sso-organizaciones" className="text-xl font-bold text-secondary">
        Organizaciones que exigen inicio de sesión único
      </h2>
      <p className="max-w-3xl text-gray-700">
        Sus personas ingresan solo con su cuenta institucional. Los administradores conservan la
        contraseña y el código como acceso de emergencia.
      </p>
      <form
        noValidate
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          setDone(false);
          save.mutate(chosen, { onSuccess: () => setDone(true) });
        }}
      >
        {ORGANIZATIONS.map((o) => {
          const fromEnv = fixed.includes(o.id);
          return (
            <Checkbox
              key={o.id}
              label={fromEnv ? `${o.shortName} (configurada en el servidor)` : o.shortName}
              checked={fromEnv || chosen.includes(o.id)}
              disabled={fromEnv}
              onChange={(event) =>
                setChosen((list) =>
                  event.target.checked ? [...list, o.id] : list.filter((id) => id !== o.id),
                )
              }
            />
          );
        })}
        {save.error != null && <FormAlert reveal>{errorMessage(save.error)}</FormAlert>}
        {done && <FormAlert tone="success">Se guardaron las organizaciones.</FormAlert>}
        <Button type="submit" disabled={save.isPending}>
          Guardar organizaciones
        </Button>
      </form>
    </section>
  );
}

/**
 * /gestion/inicio-unico (administrators of every organisation, decision 0077): the OpenID Connect
 * providers staff sign in with and the organisations that require them. The environment's
 * providers show read-only; the client secret is write-only.
 */
export function SsoSettingsPage() {
  const me = useStaffUser();
  const allowed = worksOnEveryOrganization(me);
  const settings = useSsoSettings(allowed);
  const { editing, open, close, saved, notice } = useEditDialog<SsoProviderConfig>();
  if (!allowed)
    return (
      <FormAlert>
        Solo un administrador de todas las organizaciones puede configurar el inicio de sesión
        único.
      </FormAlert>
    );
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-secondary">Inicio de sesión único</h1>
      <p className="max-w-3xl text-gray-700">
        Proveedores OpenID Connect (Entra ID, Google Workspace, Keycloak) con que el equipo ingresa,
        y cómo sus grupos dan el rol y las organizaciones en cada ingreso. Cada cambio queda en el
        registro de auditoría.
      </p>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {settings.isError && <FormAlert>{errorMessage(settings.error)}</FormAlert>}
      {settings.isPending && <LoadingView />}
      {settings.data && (
        <>
          <p>
            Dirección de retorno que debe registrar en cada proveedor:{' '}
            <code className="break-all">{settings.data.redirectUri}</code>
          </p>
          <Button onClick={() => open(null)}>Nuevo proveedor</Button>
          <StaffTable
            caption="Proveedores de inicio de sesión único"
            minWidth="min-w-[52rem]"
            columns={['Proveedor', 'Emisor', 'Origen', 'Estado', 'Última modificación', 'Acciones']}
          >
            {settings.data.providers.map((p) => (
              <tr key={p.id} className="border-t border-gray-200 align-top">
                <th scope="row" className="px-3 py-2 font-semibold">
                  {p.name} <span className="font-normal text-gray-700">({p.id})</span>
                </th>
                <td className="px-3 py-2 break-all">{p.issuer}</td>
                <td className="px-3 py-2">
                  {p.fromEnvironment ? 'Entorno del servidor (solo lectura)' : 'Gestión'}
                </td>
                <td className="px-3 py-2">{p.enabled ? 'Habilitado' : 'Deshabilitado'}</td>
                <td className="px-3 py-2">{p.updatedAt ? dateTime(p.updatedAt) : '—'}</td>
                <td className="px-3 py-2">
                  {!p.fromEnvironment && (
                    <Button
                      variant="ghost"
                      className="min-h-9 px-2"
                      onClick={() => open(p)}
                      aria-label={`Modificar el proveedor ${p.name}`}
                    >
                      Modificar
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </StaffTable>
          <RequiredOrganizations settings={settings.data} />
        </>
      )}
      {editing && <ProviderDialog provider={editing.item} onClose={close} onSaved={saved} />}
    </div>
  );
}
