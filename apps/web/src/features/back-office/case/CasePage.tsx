import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../../app/paths';
import { LoadingView } from '../../../components/LoadingView';
import { HttpError } from '../../api/http';
import { errorMessage } from '../api/client';
import { useCase, useCaseActions } from '../api/hooks';
import type { CaseView, LogEntry } from '../api/types';
import { caseDueState, DueMark } from '../components/DueMark';
import { FormAlert } from '../components/FormAlert';
import { civilDate, dateTime, fileSize, todayInChile } from '../components/format';
import { StatusBadge } from '../components/StatusBadge';
import { canChangeCases, useStaffUser } from '../components/StaffUserContext';
import { AssignmentPanel } from './AssignmentPanel';
import { CommentForm } from './CommentForm';
import { MilestonesTable } from './MilestonesTable';
import { StatusChangeForm } from './StatusChangeForm';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm md:p-5">
      <h2 id={id} className="text-xl font-bold text-secondary">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The complainant's fields, labelled; empty ones say so (an anonymous complaint has no identity). */
function ComplaintFacts({ d }: { d: CaseView['denuncia'] }) {
  const fullName = [d.nombre, d.apellido_paterno, d.apellido_materno].filter(Boolean).join(' ');
  const rows: [string, ReactNode][] = [
    ['Fecha de ingreso', d.fecha_denuncia],
    ['Categoría', d.tipo_denuncia],
    ['Tipo de denuncia', d.subtipo_denuncia],
    ['Nombre', fullName || null],
    ['RUT', d.rut],
    ['Teléfono', d.fono],
    ['Correo electrónico', d.email],
    ['Relación con la organización', d.relacion_organizacion],
    ['¿Cómo tomó conocimiento?', d.tipo_conocimiento],
    ['¿Reconoce a los involucrados?', d.reconoce_involucrados],
    ['Fecha de ocurrencia', d.fecha_ocurrencia_hecho],
    ['Zona', d.zona],
    ['Lugar', d.lugar],
    ['Otro lugar', d.otro_lugar],
    ['Fecha de primera respuesta', d.fecha_respuesta],
  ];
  return (
    <>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-semibold text-gray-700">{label}</dt>
            <dd className="break-words">{value ?? <span className="text-gray-600">No informado</span>}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-gray-700">Descripción de los hechos</h3>
        <p className="mt-1 whitespace-pre-wrap break-words rounded bg-gray-50 p-3">{d.descripcion_hecho}</p>
      </div>
    </>
  );
}

function LogList({ entries, empty, label }: { entries: LogEntry[]; empty: string; label: string }) {
  if (entries.length === 0) return <p>{empty}</p>;
  return (
    <ol aria-label={label} className="space-y-3">
      {entries.map((e) => (
        <li key={e.id} className="rounded border border-gray-200 p-3">
          <p className="font-semibold">{e.evento}</p>
          <p className="text-sm text-gray-700">
            {dateTime(e.fecha)} · {e.autor}
            {e.personal && e.personal !== e.autor ? ` (${e.personal})` : ''}
          </p>
          {e.comentario && <p className="mt-2 whitespace-pre-wrap break-words">{e.comentario}</p>}
        </li>
      ))}
    </ol>
  );
}

function CaseActions({ view }: { view: CaseView }) {
  const { caso } = view;
  const actions = useCaseActions(caso.id);
  const closed = caso.estado === 'Cerrada';
  return (
    <Section id="acciones" title="Acciones">
      <div className="grid gap-6 lg:grid-cols-2">
        {closed ? (
          <p>El caso está cerrado: no admite cambios de estado ni respuestas. Puede seguir agregando notas internas.</p>
        ) : (
          <>
            <StatusChangeForm caseId={caso.id} current={caso.estado} />
            <CommentForm
              title="Responder a la persona denunciante"
              label="Respuesta"
              hint="La verá en su bitácora como «Equipo de investigación» y recibirá un aviso por correo."
              submitLabel="Enviar respuesta"
              successText="Respuesta registrada."
              mutation={actions.reply}
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
        <AssignmentPanel caso={caso} />
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
    const notFound = query.error instanceof HttpError && query.error.status === 404;
    return (
      <div className="space-y-4">
        <FormAlert>{notFound ? 'No se encontró el caso solicitado.' : errorMessage(query.error)}</FormAlert>
        <Link to={paths.staffInbox()} className="text-primary underline">
          Volver a la bandeja
        </Link>
      </div>
    );
  }
  if (!query.data) return <LoadingView />;
  const view = query.data;
  const { caso } = view;
  const editable = canChangeCases(user);
  const receivedOn = todayInChile(new Date(caso.fecha_ingreso));
  return (
    <div className="space-y-5">
      <p>
        <Link to={paths.staffInbox()} className="text-primary underline">
          ← Volver a la bandeja
        </Link>
      </p>
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-secondary">Caso {caso.numero}</h1>
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
          <span>{caso.organizacion.nombre}</span>
          <span>
            {caso.tipo ?? 'Sin tipo'}
            {caso.anonima ? ' · Anónima' : ''}
          </span>
          <span>
            Estado: <StatusBadge status={caso.estado} />
          </span>
          <span>
            Próximo vencimiento: <DueMark date={caso.proximo_vencimiento} state={caseDueState(caso)} />
          </span>
        </div>
        {!editable && <p className="text-sm text-gray-700">Acceso de solo lectura (auditoría).</p>}
        {caso.resolucion && (
          <div className="rounded border border-gray-300 bg-white p-3">
            <p className="font-semibold">Resolución{caso.fecha_cierre ? ` (cerrado el ${civilDate(caso.fecha_cierre)})` : ''}</p>
            <p className="whitespace-pre-wrap">{caso.resolucion}</p>
          </div>
        )}
      </header>

      <Section id="denuncia" title="Datos de la denuncia">
        <ComplaintFacts d={view.denuncia} />
      </Section>

      <Section id="archivos" title="Archivos adjuntos">
        {view.archivos.length === 0 ? (
          <p>La denuncia no tiene archivos.</p>
        ) : (
          <ul className="space-y-2">
            {view.archivos.map((f) => (
              <li key={f.id}>
                <a href={f.url} download={f.nombre} className="text-primary underline">
                  {f.nombre}
                </a>{' '}
                <span className="text-sm text-gray-700">
                  ({fileSize(f.tamano)}, {dateTime(f.fecha)})
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-gray-700">Las imágenes se descargan sin metadatos (ubicación, cámara). Cada descarga queda registrada.</p>
      </Section>

      <Section id="hitos" title="Plazos legales">
        <MilestonesTable caseId={caso.id} milestones={view.hitos} receivedOn={receivedOn} canChange={editable} />
      </Section>

      <div className="grid gap-5 lg:grid-cols-2">
        <Section id="bitacora-visible" title="Bitácora visible para la persona denunciante">
          <LogList entries={view.bitacora.visible} empty="Sin entradas." label="Bitácora visible" />
        </Section>
        <Section id="notas-internas" title="Notas internas">
          <LogList entries={view.bitacora.interna} empty="Sin notas internas." label="Notas internas" />
        </Section>
      </div>

      {editable && <CaseActions view={view} />}
    </div>
  );
}
