import {
  displayDateFromParts,
  formatDisplayDateTime,
  parseIsoDay,
  STATUS_CLOSED,
  type ComplaintDetail,
} from '@canal/shared';
import { Section } from './Section';

/** What each status means, in plain words (decision 0061). */
export const STATUS_WORDS: Record<string, string> = {
  Recibida: 'Su denuncia llegó al canal y espera que el equipo de investigación la revise.',
  'En análisis': 'El equipo está revisando su denuncia para decidir cómo continuar.',
  'Faltan antecedentes':
    'El equipo necesita más información o documentos suyos para poder continuar.',
  'En investigación': 'El equipo está investigando los hechos que usted denunció.',
  'Derivada a la Dirección del Trabajo':
    'Su denuncia fue enviada a la Dirección del Trabajo, que está a cargo de investigarla.',
  Cerrada: 'La investigación terminó. Puede leer la resolución en la bitácora.',
};

/** The complainant's own entries: they are not news to them. */
const BY_COMPLAINANT = 'Denunciante';

const day = (iso: string) => {
  const parts = parseIsoDay(iso);
  return parts ? displayDateFromParts(parts) : iso;
};

/**
 * The top of the detail page (issue 22, decision 0061): the status in plain words, what is new
 * since the last visit, what the team asks and by when, and a Law 21.643 case's timeline.
 */
export function SummaryBlock({ detail }: { detail: ComplaintDetail }) {
  const { previousVisit, documentsBy, law21643 } = detail.summary;
  const news = previousVisit
    ? detail.binnacle.filter(
        (e) => e.user !== BY_COMPLAINANT && e.creationDate > previousVisit && e.event,
      )
    : [];
  return (
    <Section title="Resumen de su denuncia">
      <div className="flex flex-col gap-3">
        <p>
          <span className="font-semibold">Estado: {detail.status}.</span>{' '}
          {STATUS_WORDS[detail.status] ?? ''}
        </p>
        {documentsBy && (
          <p className="rounded-md border border-amber-500 bg-amber-50 p-3">
            <span className="font-semibold">El equipo le pide más antecedentes.</span> Envíelos a
            más tardar el <span className="font-semibold">{day(documentsBy)}</span> con un
            comentario y sus archivos en «Agregar comentario».
          </p>
        )}
        {previousVisit &&
          (news.length === 0 ? (
            <p>
              No hay novedades desde su última visita, el{' '}
              {formatDisplayDateTime(previousVisit, { spreadsheet: true })}.
            </p>
          ) : (
            <div>
              <p className="font-semibold">
                Novedades desde su última visita, el{' '}
                {formatDisplayDateTime(previousVisit, { spreadsheet: true })}:
              </p>
              <ul className="mt-1 list-disc pl-5">
                {news.map((e, i) => (
                  <li key={`${e.creationDate}-${i}`}>
                    {e.event} ({formatDisplayDateTime(e.creationDate, { spreadsheet: true })})
                  </li>
                ))}
              </ul>
            </div>
          ))}
        {law21643 && detail.status !== STATUS_CLOSED && (
          <div>
            <h3 className="font-semibold">Plazos de la Ley 21.643</h3>
            <ul className="mt-1 list-disc pl-5">
              <li>
                Decisión de investigar o de derivar a la Dirección del Trabajo: a más tardar el{' '}
                {day(law21643.decisionBy)} (3 días hábiles desde la recepción).
              </li>
              <li>
                Cierre de la investigación: a más tardar el {day(law21643.investigationBy)} (como
                máximo 30 días hábiles desde la recepción).
              </li>
            </ul>
          </div>
        )}
        {detail.status === STATUS_CLOSED && (
          <p>
            Si después del cierre sufrió represalias por haber denunciado, use «Sufrí represalias»
            más abajo en esta página.
          </p>
        )}
      </div>
    </Section>
  );
}
