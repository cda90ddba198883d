import { useState } from 'react';
import {
  organizationById,
  RETALIATION_CHECKIN_DAYS,
  RETALIATION_MESSAGES,
  retaliationSettingsInputSchema,
} from '@canal/shared';
import { Button } from '../../components/Button';
import { TextField } from '../../components/form/TextField';
import { LoadingView } from '../../components/LoadingView';
import { errorMessage } from './api/call';
import {
  useRetaliationSettings,
  useSaveRetaliationSettings,
  type RetaliationSettings,
} from './api/retaliation';
import { FormAlert } from './components/FormAlert';
import { FormDialog, useEditDialog } from './components/FormDialog';
import { StaffTable } from './components/StaffTable';
import { dateTime } from './components/format';

const daysText = (days: number[]) =>
  days.length === 0 ? 'No consulta' : `${days.join(', ')} días`;

/** "30, 90 180" → [30, 90, 180]; anything not a whole number stays NaN for the schema to refuse. */
const parseDays = (text: string) =>
  text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((d) => (/^\d+$/.test(d) ? Number(d) : Number.NaN));

function DaysDialog({
  settings,
  onClose,
  onSaved,
}: {
  settings: RetaliationSettings;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const save = useSaveRetaliationSettings();
  const org = organizationById(settings.organizationId);
  const [text, setText] = useState(settings.days.join(', '));
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      title={`Consultas por represalias de ${org.shortName}`}
      formId="consultas-represalias"
      submitLabel="Guardar"
      mutation={save}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        const days = parseDays(text);
        const checked = retaliationSettingsInputSchema.shape.dias.safeParse(days);
        if (!checked.success) return setError(RETALIATION_MESSAGES.days);
        setError(null);
        save.mutate(
          { organizationId: settings.organizationId, days: checked.data },
          { onSuccess: () => onSaved(`Se guardaron las consultas de ${org.shortName}.`) },
        );
      }}
    >
      <TextField
        label="Días después del cierre"
        hint={`Separados por comas, por ejemplo: ${RETALIATION_CHECKIN_DAYS.join(', ')}. Déjelo vacío para no consultar.`}
        error={error ?? undefined}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </FormDialog>
  );
}

/**
 * Protection after closing (decision 0060), for administrators: the days after closing each
 * organisation asks its complainants whether they have suffered retaliation. Audited.
 */
export function RetaliationSettingsSection() {
  const settings = useRetaliationSettings();
  const { editing, open, close, saved, notice } = useEditDialog<RetaliationSettings>();
  return (
    <section aria-labelledby="consultas-represalias-titulo" className="space-y-3">
      <h2 id="consultas-represalias-titulo" className="text-xl font-bold text-secondary">
        Consultas por represalias después del cierre
      </h2>
      <p className="max-w-3xl text-gray-700">
        Después del cierre de un caso, el canal pregunta a la persona denunciante, en su historial y
        con un correo neutro, si ha sufrido represalias. Elija en qué días después del cierre se
        pregunta. Cada cambio queda en el registro de auditoría.
      </p>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {settings.isError && <FormAlert>{errorMessage(settings.error)}</FormAlert>}
      {settings.isPending && <LoadingView />}
      {settings.data && (
        <StaffTable
          caption="Consultas por represalias por organización"
          minWidth="min-w-[40rem]"
          columns={['Organización', 'Días después del cierre', 'Última modificación', 'Acciones']}
        >
          {settings.data.map((s) => {
            const name = organizationById(s.organizationId).shortName;
            return (
              <tr key={s.organizationId} className="border-t border-gray-200 align-top">
                <th scope="row" className="px-3 py-2 font-semibold">
                  {name}
                </th>
                <td className="px-3 py-2">{daysText(s.days)}</td>
                <td className="px-3 py-2">{s.updatedAt ? dateTime(s.updatedAt) : '—'}</td>
                <td className="px-3 py-2">
                  <Button
                    variant="ghost"
                    className="min-h-9 px-2"
                    onClick={() => open(s)}
                    aria-label={`Modificar las consultas por represalias de ${name}`}
                  >
                    Modificar
                  </Button>
                </td>
              </tr>
            );
          })}
        </StaffTable>
      )}
      {editing?.item && <DaysDialog settings={editing.item} onClose={close} onSaved={saved} />}
    </section>
  );
}
