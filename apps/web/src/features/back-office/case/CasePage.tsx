import type { ReactNode } from 'react';
import {
  CASE_PRIORITY_LABELS,
  CHANNEL_LABELS,
  DT_REFERRAL_MARK,
  formatDisplayDate,
  isLaw21643Type,
} from '@canal/shared';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { LoadingView } from '../../../components/LoadingView';
import { HttpError } from '../../../lib/api/http';
import { errorMessage } from '../api/call';
import { type CaseLogEntry, type CaseView, useCase, useCaseActions } from '../api/cases/case';
import { caseDueState, DueMark } from '../components/DueMark';
import { FormAlert } from '../components/FormAlert';
import { civilDate, dateTime, dayInChile } from '../components/format';
import { StatusBadge } from '../components/StatusBadge';
import { canChangeCases, isAdministrator, useStaffUser } from '../components/StaffUserContext';
import { ActivationPanel } from './ActivationPanel';
import { ExclusionsPanel } from './ExclusionsPanel';
import { TagsPanel } from './TagsPanel';
import { TriageBar } from './TriageBar';
import { LinkedCases } from './LinkedCases';
import { CaseDossierLink } from './CaseDossierLink';
import { CaseFiles } from './CaseFiles';
import { CommentForm } from './CommentForm';
import { MilestonesTable, type NoticeContext } from './MilestonesTable';
import { ReclassifyForm } from './ReclassifyForm';
import { ReplacementRequestPanel } from './ReplacementRequestPanel';
import { ReplyForm } from './ReplyForm';
import { RetentionPanel } from './RetentionPanel';
import { RetaliationPanel } from './RetaliationPanel';
import { RequestDocumentsForm } from './RequestDocumentsForm';
import { StatusChangeForm } from './StatusChangeForm';
import { TranscriptPanel } from './TranscriptPanel';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm md:p-5"
    >
      <h2 id={id} className="text-xl font-bold text-secondary">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A day as the API gives the complaint's dates (dd/mm/yyyy) → dd-mm-yyyy, the back office's format. */
const displayDate = (apiDate: string | null | undefined) =>
  apiDate ? formatDisplayDate(apiDate) : null;

/** The complainant's fields, labelled; empty ones say so (an anonymous complaint has no identity). */
function ComplaintFacts({ d }: { d: CaseView['complaint'] }) {
  const fullName = [d.complainantFirstName, d.complainantLastName, d.complainantMiddleName]
    .filter(Boolean)
    .join(' ');
  const rows: [string, ReactNode][] = [
    ['Fecha de ingreso', displayDate(d.createdAt)],
    ['Categoría', d.type],
    ['Tipo de denuncia', d.subType],
    ['Nombre', fullName || null],
    ['RUT', d.complainantRut],
    ['Teléfono', d.complainantContactNumber],
    ['Correo electrónico', d.complainantEmail],
    ['Relación con la organización', d.relationshipWithOrganization],
    ['¿Cómo tomó conocimiento?', d.knowledgeType],
    ['¿Reconoce a los involucrados?', d.canIdentify],
    ['Fecha de ocurrencia', displayDate(d.occurrenceDate)],
    ['Zona', d.zone],
    ['Lugar', d.place],
    ['Otro lugar', d.otherPlace],
    ['Fecha de primera respuesta', displayDate(d.responseDate)],
  ];
  return (
    <>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-semibold text-gray-700">{label}</dt>
            <dd className="break-words">
              {value ?? <span className="text-gray-600">No informado</span>}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-gray-700">Descripción de los hechos</h3>
        <p className="mt-1 whitespace-pre-wrap break-words rounded bg-gray-50 p-3">
          {d.description}
        </p>
      </div>
    </>
  );
}

/** A Law 21.643 complaint's accused and representation (decision 0021); empty ones say so. */
function AccusedFacts({ a }: { a: CaseView['accused'] }) {
  const rows: [string, ReactNode][] = [
    ['Persona denunciada', a.accusedName],
    ['Cargo de la persona denunciada', a.accusedPosition],
    ['¿Es gerente o representante legal?', a.accusedIsManager ? 'Sí' : null],
    ['¿Presentada a nombre de otra persona?', a.onBehalfOfAnother ? 'Sí' : 'No'],
    ['Fundamento de la representación', a.onBehalfOfAnother ? a.representationBasis : null],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-sm font-semibold text-gray-700">{label}</dt>
          <dd className="whitespace-pre-wrap break-words">
            {value ?? <span className="text-gray-600">No informado</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function LogList({
  entries,
  empty,
  label,
}: {
  entries: CaseLogEntry[];
  empty: string;
  label: string;
}) {
  if (entries.length === 0) return <p>{empty}</p>;
  return (
    <ol aria-label={label} className="space-y-3">
      {entries.map((e) => (
        <li key={e.id} className="rounded border border-gray-200 p-3">
          <p className="font-semibold">{e.event}</p>
          <p className="text-sm text-gray-700">
            {dateTime(e.date)} · {e.author}
            {e.staff && e.staff !== e.author ? ` (${e.staff})` : ''}
          </p>
          {e.comment && <p className="mt-2 whitespace-pre-wrap break-words">{e.comment}</p>}
        </li>
      ))}
    </ol>
  );
}

/** What the notices to the complainant are filled in with (decision 0070). */
const noticeContext = (c: CaseView['case']): NoticeContext => ({
  caseNumber: c.number,
  organizationId: c.organization.id,
  investigator: c.assignee?.name ?? null,
});

function CaseActions({ view }: { view: CaseView }) {
  const { case: theCase } = view;
  const actions = useCaseActions(theCase.id);
  const user = useStaffUser();
  const closed = theCase.status === 'Cerrada';
  return (
    <Section id="acciones" title="Acciones">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {closed ? (
          <p>
            El caso está cerrado: no admite cambios de estado ni respuestas. Puede seguir agregando
            notas internas y registrando los hitos posteriores al cierre.
          </p>
        ) : (
          <>
            <StatusChangeForm
              caseId={theCase.id}
              current={theCase.status}
              milestones={view.milestones}
            />
            <ReplyForm notice={noticeContext(theCase)} caseId={theCase.id} />
            <RequestDocumentsForm caseId={theCase.id} current={theCase.status} />
            <ReclassifyForm
              caseId={theCase.id}
              organizationId={theCase.organization.id}
              currentTypeId={theCase.typeId}
            />
          </>
        )}
        <CommentForm
          title="Agregar nota interna"
          label="Nota interna"
          hint="Solo la ve el personal de gestión; nunca la persona denunciante."
          submitLabel="Guardar nota"
          successText="Nota registrada."
          mutation={actions.addNote}
        />
        {isAdministrator(user) && <ExclusionsPanel theCase={theCase} />}
        <TagsPanel theCase={theCase} />
        {theCase.channel !== 'portal' && (
          <ActivationPanel caseId={theCase.id} anonymous={theCase.anonymous} />
        )}
      </div>
    </Section>
  );
}

/** The case page of the back office (DESIGN §8). Auditors see all of it without any action control. */
export function CasePage() {
  const id = Number(useParams().id);
  const user = useStaffUser();
  const query = useCase(id);
  if (query.isError) {
    const status = query.error instanceof HttpError ? query.error.status : null;
    const notFound = status === 404;
    return (
      <div className="space-y-4">
        <FormAlert>
          {notFound ? 'No se encontró el caso solicitado.' : errorMessage(query.error)}
        </FormAlert>
        {/* Erased (410) or blocked (423): why, and what stays, without any content. */}
        {(status === 410 || status === 423) && (
          <Section id="conservacion" title="Conservación de datos">
            <RetentionPanel id={id} />
          </Section>
        )}
        <Link to={paths.staffInbox()} className="text-primary underline">
          Volver a la bandeja
        </Link>
      </div>
    );
  }
  if (!query.data) return <LoadingView />;
  const view = query.data;
  const { case: theCase } = view;
  const editable = canChangeCases(user);
  const receivedOn = dayInChile(theCase.receivedAt);
  return (
    <div className="space-y-5">
      <p>
        <Link to={paths.staffInbox()} className="text-primary underline">
          ← Volver a la bandeja
        </Link>
      </p>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-secondary">Caso {theCase.number}</h1>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <span>{theCase.organization.name}</span>
          <span>
            {theCase.type ?? 'Sin tipo'}
            {theCase.anonymous ? ' · Anónima' : ''}
          </span>
          <span>Canal: {CHANNEL_LABELS[theCase.channel]}</span>
          <span>
            Estado: <StatusBadge status={theCase.status} />
          </span>
          <span>
            Próximo vencimiento: <DueMark date={theCase.nextDue} state={caseDueState(theCase)} />
          </span>
          <span>
            Prioridad:{' '}
            <strong>
              {theCase.priority ? CASE_PRIORITY_LABELS[theCase.priority] : 'Sin prioridad'}
            </strong>
          </span>
          {theCase.tags.length > 0 && <span>Etiquetas: {theCase.tags.join(', ')}</span>}
        </div>
        {theCase.mustReferToDt && (
          <p
            role="note"
            className="rounded border border-red-300 bg-red-50 p-3 font-semibold text-red-900"
          >
            {DT_REFERRAL_MARK}: la persona denunciada es gerente o representante legal del empleador
            (Ley 21.643).
          </p>
        )}
        {!editable && <p className="text-sm text-gray-700">Acceso de solo lectura (auditoría).</p>}
        <CaseDossierLink caseId={theCase.id} number={theCase.number} />
        {theCase.resolution && (
          <div className="rounded border border-gray-300 bg-white p-3">
            <p className="font-semibold">
              Resolución{theCase.closedAt ? ` (cerrado el ${civilDate(theCase.closedAt)})` : ''}
            </p>
            <p className="whitespace-pre-wrap">{theCase.resolution}</p>
          </div>
        )}
      </header>

      {editable && <TriageBar view={view} />}

      <ReplacementRequestPanel view={view} />

      <Section id="denuncia" title="Datos de la denuncia">
        <ComplaintFacts d={view.complaint} />
      </Section>

      {(isLaw21643Type(theCase.typeId) ||
        view.accused.accusedName !== null ||
        view.accused.accusedPosition !== null ||
        view.accused.onBehalfOfAnother) && (
        <Section id="denunciado" title="Persona denunciada y representación">
          <AccusedFacts a={view.accused} />
        </Section>
      )}

      <Section id="archivos" title="Archivos adjuntos">
        <CaseFiles caseId={theCase.id} files={view.files} />
      </Section>

      <Section id="transcripcion" title="Transcripción de la denuncia oral">
        <TranscriptPanel
          caseId={theCase.id}
          files={view.files}
          canIssue={editable && theCase.status !== 'Cerrada'}
        />
      </Section>

      <Section id="vinculos" title="Casos vinculados">
        <LinkedCases theCase={theCase} canChange={editable} />
      </Section>

      <Section id="hitos" title="Plazos legales">
        <MilestonesTable
          caseId={theCase.id}
          milestones={view.milestones}
          receivedOn={receivedOn}
          notice={noticeContext(theCase)}
          canChange={editable}
        />
      </Section>

      {(theCase.status === 'Cerrada' || view.retaliationReports.length > 0) && (
        <Section id="represalias" title="Avisos de represalias después del cierre">
          <RetaliationPanel view={view} />
        </Section>
      )}

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <Section id="bitacora-visible" title="Bitácora visible para la persona denunciante">
          <LogList entries={view.log.visible} empty="Sin entradas." label="Bitácora visible" />
        </Section>
        <Section id="notas-internas" title="Notas internas">
          <LogList entries={view.log.internal} empty="Sin notas internas." label="Notas internas" />
        </Section>
      </div>

      <Section id="conservacion" title="Conservación de datos">
        <RetentionPanel id={theCase.id} />
      </Section>

      {editable && <CaseActions view={view} />}
    </div>
  );
}
