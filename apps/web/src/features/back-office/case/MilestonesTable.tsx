import { useState } from 'react';
import { StaffTable } from '../components/StaffTable';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/form/TextField';
import { type Milestone, useCaseActions } from '../api/cases/case';
import { DAY_FORMAT_MESSAGE } from '../components/DayField';
import { DueMark } from '../components/DueMark';
import { FormDialog } from '../components/FormDialog';
import { TextAreaField } from '../../../components/form/fields';
import {
  fillNoticeTemplate,
  isoDayFromParts,
  noticeKindOfMilestone,
  parseDisplayDate,
} from '@canal/shared';
import { useNoticeTemplate } from '../api/notice-templates';
import { civilDate, isoTodayInChile } from '../components/format';

const RESPONSIBLE: Record<string, string> = {
  empleador: 'Empleador',
  direccion_del_trabajo: 'Dirección del Trabajo',
};

function stateText(m: Milestone): string {
  if (m.state === 'done') {
    if (m.bySilence) return 'Cumplido por silencio';
    return `Cumplido el ${civilDate(m.completedOn)}${m.late ? ' (fuera de plazo)' : ''}${
      m.bySystem ? ', registrado por el sistema' : ''
    }`;
  }
  if (m.state === 'no_registrado') return 'No registrado';
  if (m.state === 'overdue') return 'Pendiente, vencido';
  if (m.state === 'soon') return 'Pendiente, vence pronto';
  return 'Pendiente';
}

/** What a notice to the complainant is filled in with: the case, its organisation, who investigates. */
export interface NoticeContext {
  caseNumber: string;
  organizationId: string;
  /** The person in charge, named in the designation; null when nobody is. */
  investigator: string | null;
}

/**
 * Records a milestone as done on a date; those the complainant must be told about ask for that
 * text, which starts from the organisation's template for it (decision 0070) and stays editable.
 */
export function RecordMilestoneDialog({
  caseId,
  milestone,
  receivedOn,
  notice,
  onClose,
}: {
  caseId: number;
  milestone: Milestone;
  receivedOn: string;
  notice: NoticeContext;
  onClose: () => void;
}) {
  const { recordMilestone } = useCaseActions(caseId);
  const today = isoTodayInChile();
  // Typed dd-mm-aaaa whatever the browser's language (the API takes yyyy-mm-dd).
  const [dateText, setDateText] = useState(civilDate(today));
  const template = useNoticeTemplate(
    notice.organizationId,
    milestone.informsComplainant ? noticeKindOfMilestone(milestone.key) : undefined,
  );
  // Null until the person types: the template shows as soon as it has loaded.
  const [typed, setTyped] = useState<string | null>(null);
  const comment =
    typed ??
    (template
      ? fillNoticeTemplate(template, {
          caseNumber: notice.caseNumber,
          investigator: notice.investigator,
        })
      : '');
  const setComment = setTyped;
  const [errors, setErrors] = useState<{ date?: string; comment?: string }>({});
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const parts = parseDisplayDate(dateText);
    const date = parts ? isoDayFromParts(parts) : '';
    if (!dateText.trim()) next.date = 'Debe indicar la fecha del hito.';
    else if (!parts) next.date = DAY_FORMAT_MESSAGE;
    else if (date > today) next.date = 'La fecha del hito no puede ser futura.';
    else if (date < receivedOn)
      next.date = 'La fecha del hito no puede ser anterior al ingreso de la denuncia.';
    if (milestone.informsComplainant && !comment.trim())
      next.comment = `Debe escribir lo que se informa a la persona denunciante: ${milestone.informedVia ?? ''}.`;
    setErrors(next);
    if (Object.keys(next).length) return;
    recordMilestone.mutate(
      { key: milestone.key, date, comment: comment.trim() || undefined },
      { onSuccess: onClose },
    );
  };
  return (
    <FormDialog
      size="md"
      title={`Registrar cumplimiento: ${milestone.name}`}
      formId="registrar-hito"
      submitLabel="Registrar"
      mutation={recordMilestone}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        label="Fecha en que se cumplió"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd-mm-aaaa"
        hint="Formato dd-mm-aaaa"
        maxLength={10}
        value={dateText}
        onChange={(e) => setDateText(e.target.value)}
        error={errors.date}
      />
      {milestone.informsComplainant ? (
        <TextAreaField
          label="Lo que se informa a la persona denunciante"
          hint={`${template ? 'Parte de la plantilla de la organización: revíselo y complételo. ' : ''}Se publica en su bitácora y se le avisa por correo. Debe indicar: ${milestone.informedVia ?? ''}.`}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          error={errors.comment}
        />
      ) : (
        <TextAreaField
          label="Comentario interno (opcional)"
          hint="Queda en las notas internas; la persona denunciante no lo ve."
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      )}
    </FormDialog>
  );
}

/** The case's legal milestones: due dates with soon/overdue marks, what was recorded, and recording. */
export function MilestonesTable({
  caseId,
  milestones,
  receivedOn,
  notice,
  canChange,
}: {
  caseId: number;
  milestones: Milestone[];
  receivedOn: string;
  notice: NoticeContext;
  canChange: boolean;
}) {
  const [recording, setRecording] = useState<Milestone | null>(null);
  return (
    <>
      <StaffTable
        caption="Hitos legales del caso"
        minWidth="min-w-[40rem]"
        frame="rounded-lg border border-gray-200 bg-white"
        columns={[
          'Hito',
          'Vence',
          'Estado',
          'Responsable',
          canChange && <span className="sr-only">Acciones</span>,
        ]}
      >
        {milestones.map((m) => (
          <tr key={m.key} className="border-t border-gray-200 align-top">
            <th scope="row" className="px-3 py-2 font-semibold">
              {m.name}
              {m.informsComplainant && (
                <span className="block text-xs font-normal text-gray-700">
                  Se informa a la persona denunciante
                </span>
              )}
              {m.note && <strong className="mt-1 block text-sm text-red-800">{m.note}</strong>}
            </th>
            <td className="px-3 py-2">
              <DueMark date={m.due} state={m.state} />
              {m.provisional && (
                <span className="block text-xs text-gray-700">
                  Provisorio: depende de un hito anterior
                </span>
              )}
            </td>
            <td className="px-3 py-2">{stateText(m)}</td>
            <td className="px-3 py-2">{RESPONSIBLE[m.responsible] ?? m.responsible}</td>
            {canChange && (
              <td className="px-3 py-2">
                {m.state !== 'done' && m.state !== 'no_registrado' && (
                  <Button
                    variant="secondary"
                    className="min-h-9 px-3 py-1 text-sm"
                    onClick={() => setRecording(m)}
                    aria-label={`Registrar cumplimiento: ${m.name}`}
                  >
                    Registrar
                  </Button>
                )}
              </td>
            )}
          </tr>
        ))}
      </StaffTable>
      {recording && (
        <RecordMilestoneDialog
          caseId={caseId}
          milestone={recording}
          receivedOn={receivedOn}
          notice={notice}
          onClose={() => setRecording(null)}
        />
      )}
    </>
  );
}
