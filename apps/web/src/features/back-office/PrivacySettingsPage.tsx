import { useForm } from 'react-hook-form';
import { DEFAULT_RETENTION_YEARS, organizationById } from '@canal/shared';
import { Button } from '../../components/Button';
import { TextField } from '../../components/form/TextField';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/call';
import { usePrivacySettings, useSavePrivacySettings, type PrivacySettings } from './api/privacy';
import { FormAlert } from './components/FormAlert';
import { FormDialog, useEditDialog } from './components/FormDialog';
import { StaffTable } from './components/StaffTable';
import { dateTime } from './components/format';
import { isAdministrator, useStaffUser } from './components/StaffUserContext';
import { privacySettingsResolver, type PrivacySettingsForm } from './schemas';
import { RetaliationSettingsSection } from './RetaliationSettingsSection';

const years = (n: number) => `${n} ${n === 1 ? 'año' : 'años'}`;

function SettingsDialog({
  settings,
  onClose,
  onSaved,
}: {
  settings: PrivacySettings;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const save = useSavePrivacySettings();
  const org = organizationById(settings.organizationId);
  const form = useForm({
    mode: 'onTouched',
    resolver: privacySettingsResolver,
    defaultValues: {
      organizationId: settings.organizationId,
      contactName: settings.contact?.name ?? '',
      contactEmail: settings.contact?.email ?? '',
      contactAddress: settings.contact?.address ?? '',
      contactPhone: settings.contact?.phone ?? '',
      retentionYears: settings.retentionYears,
    } satisfies PrivacySettingsForm,
  });
  const { errors } = form.formState;
  return (
    <FormDialog
      title={`Protección de datos de ${org.shortName}`}
      formId="proteccion-datos"
      submitLabel="Guardar"
      mutation={save}
      onClose={onClose}
      onSubmit={form.handleSubmit((values) =>
        save.mutate(values, {
          onSuccess: () => onSaved(`Se guardó la protección de datos de ${org.shortName}.`),
        }),
      )}
    >
      <TextField
        label="Nombre o cargo del contacto"
        hint="Por ejemplo: Encargada de protección de datos. El aviso de privacidad lo muestra."
        error={errors.contactName?.message}
        {...form.register('contactName')}
      />
      <TextField
        label="Correo del contacto"
        type="email"
        error={errors.contactEmail?.message}
        {...form.register('contactEmail')}
      />
      <TextField
        label="Dirección (opcional)"
        error={errors.contactAddress?.message}
        {...form.register('contactAddress')}
      />
      <TextField
        label="Teléfono (opcional)"
        type="tel"
        error={errors.contactPhone?.message}
        {...form.register('contactPhone')}
      />
      <TextField
        label="Años de conservación después del cierre"
        type="number"
        min={1}
        max={20}
        hint={`Cuando se cumplen, el caso cerrado se elimina y queda solo un registro sin datos personales. Por omisión, ${years(DEFAULT_RETENTION_YEARS)}.`}
        error={errors.retentionYears?.message}
        {...form.register('retentionYears', { valueAsNumber: true })}
      />
    </FormDialog>
  );
}

/**
 * /gestion/proteccion-datos (administrators): each organisation's contact for data-protection
 * matters, which its privacy notice names, and how long its closed cases are kept (Law 21.719).
 */
export function PrivacySettingsPage() {
  const me = useStaffUser();
  const allowed = isAdministrator(me);
  const settings = usePrivacySettings(allowed);
  const { editing, open, close, saved, notice } = useEditDialog<PrivacySettings>();
  if (!allowed) return <FormAlert>No tiene permiso para ver esta página.</FormAlert>;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl font-bold text-secondary">Protección de datos</h1>
      <p className="max-w-3xl text-gray-700">
        El aviso de privacidad de cada organización muestra su contacto para asuntos de datos
        personales y por cuánto tiempo se conservan los casos cerrados. Cada cambio queda en el
        registro de auditoría.
      </p>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {settings.isError && <FormAlert>{errorMessage(settings.error)}</FormAlert>}
      {settings.isPending && <LoadingView />}
      {settings.data && (
        <StaffTable
          caption="Protección de datos por organización"
          minWidth="min-w-[52rem]"
          columns={['Organización', 'Contacto', 'Conservación', 'Última modificación', 'Acciones']}
        >
          {settings.data.map((s) => {
            const name = organizationById(s.organizationId).shortName;
            return (
              <tr key={s.organizationId} className="border-t border-gray-200 align-top">
                <th scope="row" className="px-3 py-2 font-semibold">
                  {name}
                </th>
                <td className="px-3 py-2">
                  {s.contact ? (
                    <>
                      {s.contact.name}
                      <br />
                      {s.contact.email}
                    </>
                  ) : (
                    <span className="text-gray-700">Sin contacto</span>
                  )}
                </td>
                <td className="px-3 py-2">{years(s.retentionYears)}</td>
                <td className="px-3 py-2">{s.updatedAt ? dateTime(s.updatedAt) : '—'}</td>
                <td className="px-3 py-2">
                  <Button
                    variant="ghost"
                    className="min-h-9 px-2"
                    onClick={() => open(s)}
                    aria-label={`Modificar la protección de datos de ${name}`}
                  >
                    Modificar
                  </Button>
                </td>
              </tr>
            );
          })}
        </StaffTable>
      )}
      {editing?.item && <SettingsDialog settings={editing.item} onClose={close} onSaved={saved} />}
      <RetaliationSettingsSection />
    </div>
  );
}
