import {
  CHANNEL_LABELS,
  DT_REFERRAL_MARK,
  formatDisplayDate,
  formatDisplayDateTime,
  isLaw21643Type,
  TRANSCRIPT_STATE_LABELS,
} from '@canal/shared';
import type { StaffTranscriptWire } from '@canal/shared/contract';
import { actorName } from '../../core/complaints/complaint-log';
import type { inWords } from '../audit/describe';
import { csvDay } from '../export/spreadsheet-csv';
import type { PdfBlock } from '../export/pdf-document';
import { zipSegment } from '../export/zip-stream';
import { staffInstant, type readCase } from './case-view';
import type { replacementRecords } from './replacement-view';

/*
 * The dossier's PDF as blocks of the document writer (decision 0018): the case as staff see it,
 * its requests, transcript, logs, milestones and audit trail. caseDossier (dossier.ts) renders it.
 */

/** Ends the name of the note that stands in the archive for a file that could not be included. */
export const WITHHELD_SUFFIX = '.no-incluido.txt';

/** Characters past which a field's value is laid out under its label, not beside it. */
const LONG_VALUE = 300;

const MILESTONE_STATE_LABELS = {
  done: 'Cumplido',
  pending: 'Pendiente',
  soon: 'Por vencer',
  overdue: 'Vencido',
  no_registrado: 'No registrado',
} as const;

const RESPONSIBLE_LABELS = {
  empleador: 'Empleador',
  direccion_del_trabajo: 'Dirección del Trabajo',
} as const;

/** An instant as dd-mm-yyyy / hh:mm:ss in Santiago, or a civil day (yyyy-mm-dd) as dd-mm-yyyy. */
export const when = (value: string | null): string =>
  value === null
    ? '—'
    : /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? (csvDay(value) ?? value)
      : formatDisplayDateTime(value);

export const bytes = (n: number) =>
  n < 1024 * 1024
    ? `${Math.max(1, Math.round(n / 1024))} KB`
    : `${(n / 1024 / 1024).toFixed(1)} MB`;

export type CaseView = Awaited<ReturnType<typeof readCase>>['answer'];
type Trail = Awaited<ReturnType<typeof inWords>>;
type Requests = ReturnType<typeof replacementRecords>;

const REQUEST_STATE_LABELS = {
  pendiente: 'En revisión, sin respuesta',
  aceptada: 'Acogida',
  rechazada: 'Rechazada',
} as const;

/** The complainant's requests to replace the investigator (decision 0022), each with its answer. */
function requestBlocks(requests: Requests, anonymous: boolean): PdfBlock[] {
  const blocks: PdfBlock[] = [
    { kind: 'heading', text: 'Solicitudes de cambio de la persona investigadora' },
  ];
  if (requests.length === 0) blocks.push({ kind: 'paragraph', text: 'Sin solicitudes.' });
  for (const r of requests) {
    blocks.push({
      kind: 'entry',
      title: `Solicitud del ${when(staffInstant(r.created_at, anonymous))}`,
      meta: [
        `Estado: ${REQUEST_STATE_LABELS[r.status]}`,
        `Persona investigadora a cargo al solicitarla: ${r.investigator_name ?? 'Sin asignar'}`,
      ].join(' · '),
      text: `Lo solicitado: que otra persona investigue el caso. Motivo: ${
        r.reason ??
        'reservado (solo lo leen las personas administradoras y auditoras, nunca la persona investigadora aludida).'
      }`,
    });
    if (r.status === 'pendiente') continue;
    const answer =
      r.status === 'aceptada'
        ? `El caso quedó a cargo de ${r.new_assignee_name ?? '—'}.${r.answer ? ` Motivo: ${r.answer}` : ''}`
        : `Motivo: ${r.answer ?? '—'}`;
    blocks.push({
      kind: 'entry',
      title: `Respuesta: ${REQUEST_STATE_LABELS[r.status].toLowerCase()}`,
      meta: `Respondida el ${when(r.answered_at?.toISOString() ?? null)} por ${r.answered_by_name ?? '—'}`,
      text: answer,
    });
  }
  return blocks;
}

/** The paths of the case's files inside the archive, in the order the case lists them. */
export const filePaths = (view: CaseView) =>
  view.archivos.map((f, i) => `archivos/${String(i + 1).padStart(2, '0')}-${zipSegment(f.nombre)}`);

/**
 * The transcript of an oral complaint (decision 0064), every version with its state, who issued it
 * and the complainant's corrections: nothing when the case has none.
 */
function transcriptBlocks(transcript: StaffTranscriptWire): PdfBlock[] {
  if (transcript.versiones.length === 0) return [];
  return [
    { kind: 'heading', text: 'Transcripción de la denuncia oral' },
    {
      kind: 'paragraph',
      muted: true,
      text:
        transcript.aceptada === null
          ? 'La persona denunciante aún no acepta una versión.'
          : `La persona denunciante aceptó la versión ${transcript.aceptada}.`,
    },
    ...transcript.versiones.map((v): PdfBlock => ({
      kind: 'entry',
      title: `Versión ${v.version}: ${TRANSCRIPT_STATE_LABELS[v.estado]}`,
      meta: [
        `Emitida: ${when(v.fecha)}`,
        v.autor,
        v.origen === 'verbal'
          ? 'De la denuncia verbal'
          : `Del audio ${v.archivo?.nombre ?? 'adjunto'}`,
        ...(v.respondida ? [`Respondida: ${when(v.respondida)}`] : []),
      ].join(' · '),
      text: v.correcciones ? `${v.texto}\n\nCorrecciones propuestas: ${v.correcciones}` : v.texto,
    })),
  ];
}

export function dossierBlocks(
  view: CaseView,
  trail: Trail,
  requests: Requests,
  transcript: StaffTranscriptWire,
  anonymous: boolean,
  who: string,
  now: Date,
): PdfBlock[] {
  const { caso, denuncia, bitacora, hitos } = view;
  // A long or multi-line value (a resolution, a representation's basis) goes under its label,
  // the page's full width, rather than in the narrow column beside it.
  const field = (label: string, value: string | null | undefined): PdfBlock =>
    value && (value.length > LONG_VALUE || value.includes('\n'))
      ? { kind: 'text', label, text: value }
      : { kind: 'field', label, value: value ?? '—' };
  const blocks: PdfBlock[] = [
    { kind: 'title', text: `Expediente del caso ${caso.numero}` },
    {
      kind: 'paragraph',
      muted: true,
      text: `${caso.organizacion.nombre}. Generado el ${formatDisplayDateTime(now)} por ${who} desde el canal de denuncias.`,
    },
    { kind: 'heading', text: 'Datos del caso' },
    field('Número de caso', caso.numero),
    field('Organización', caso.organizacion.nombre),
    field('Categoría', caso.categoria),
    field('Tipo de denuncia', caso.tipo),
    field('Estado', caso.estado),
    field('Canal de ingreso', CHANNEL_LABELS[caso.canal]),
    field('Denuncia anónima', caso.anonima ? 'Sí' : 'No'),
    field('Fecha de ingreso', when(caso.fecha_ingreso)),
    field('Primera respuesta', when(caso.fecha_respuesta)),
    field('Próximo vencimiento', when(caso.proximo_vencimiento)),
    field('Fecha de cierre', when(caso.fecha_cierre)),
    field('Resolución', caso.resolucion),
    field('Persona a cargo', caso.asignado?.nombre ?? 'Sin asignar'),
    ...(caso.derivar_dt ? [field('Derivación', DT_REFERRAL_MARK)] : []),
    { kind: 'heading', text: 'Persona denunciante' },
  ];
  if (anonymous) {
    blocks.push({
      kind: 'paragraph',
      text: 'Denuncia anónima: la identidad de la persona denunciante no se conoce ni se registra.',
    });
  } else {
    const name = [denuncia.nombre, denuncia.apellido_paterno, denuncia.apellido_materno]
      .filter(Boolean)
      .join(' ');
    blocks.push(
      field('Nombre', name || null),
      field('RUT', denuncia.rut),
      field('Teléfono', denuncia.fono),
      field('Correo electrónico', denuncia.email),
    );
  }
  blocks.push(
    { kind: 'heading', text: 'Denuncia' },
    field('Fecha de la denuncia', formatDisplayDate(denuncia.fecha_denuncia)),
    field('Fecha de los hechos', formatDisplayDate(denuncia.fecha_ocurrencia_hecho)),
    field('Zona', denuncia.zona),
    field('Lugar', denuncia.lugar),
    field('Otro lugar', denuncia.otro_lugar),
    field('Relación con la organización', denuncia.relacion_organizacion),
    field('Reconoce a los involucrados', denuncia.reconoce_involucrados),
    field('Cómo tomó conocimiento', denuncia.tipo_conocimiento),
    { kind: 'text', label: 'Relato de los hechos', text: denuncia.descripcion_hecho },
  );
  // Law 21.643 (decision 0021): the accused and the representation, when the type asks them or
  // they were given (a case reclassified since keeps what was filed).
  if (
    isLaw21643Type(caso.tipo_id) ||
    denuncia.denunciado_nombre !== null ||
    denuncia.denunciado_cargo !== null ||
    denuncia.a_nombre_de_otro
  ) {
    blocks.push(
      { kind: 'heading', text: 'Persona denunciada y representación' },
      field('Persona denunciada', denuncia.denunciado_nombre),
      field('Cargo', denuncia.denunciado_cargo),
      field('Gerente o representante legal', denuncia.denunciado_es_gerente ? 'Sí' : 'No indicado'),
      field('A nombre de otra persona', denuncia.a_nombre_de_otro ? 'Sí' : 'No'),
      field('Fundamento de la representación', denuncia.fundamento_representacion),
    );
  }
  const log = (title: string, entries: CaseView['bitacora']['visible'], internal: boolean) => {
    blocks.push({ kind: 'heading', text: title });
    if (entries.length === 0) blocks.push({ kind: 'paragraph', text: 'Sin registros.' });
    for (const e of entries)
      blocks.push({
        kind: 'entry',
        title: e.evento,
        meta: [when(e.fecha), internal ? (e.personal ?? e.autor) : e.autor].join(' · '),
        text: e.comentario,
      });
  };
  log('Bitácora visible para la persona denunciante', bitacora.visible, false);
  log('Bitácora interna (solo equipo)', bitacora.interna, true);
  blocks.push(...transcriptBlocks(transcript));
  blocks.push({ kind: 'heading', text: 'Hitos legales' });
  if (hitos.length === 0) blocks.push({ kind: 'paragraph', text: 'Sin hitos legales.' });
  for (const h of hitos)
    blocks.push({
      kind: 'entry',
      title: h.nombre,
      meta: [
        `Vence: ${when(h.vence)}${h.provisorio ? ' (provisorio)' : ''}`,
        `Estado: ${MILESTONE_STATE_LABELS[h.estado]}${h.por_silencio ? ' (por silencio)' : ''}${h.atrasado ? ' (fuera de plazo)' : ''}`,
        `Registrado: ${when(h.completado)}`,
        `Responsable: ${RESPONSIBLE_LABELS[h.responsable]}`,
      ].join(' · '),
      text: h.nota,
    });
  blocks.push(...requestBlocks(requests, anonymous));
  blocks.push({ kind: 'heading', text: 'Archivos del caso' });
  if (view.archivos.length === 0) blocks.push({ kind: 'paragraph', text: 'Sin archivos.' });
  else
    blocks.push({
      kind: 'paragraph',
      muted: true,
      text: `Si no fue posible incluir la copia de un archivo, el archivo ZIP trae en su lugar un texto con el mismo nombre terminado en «${WITHHELD_SUFFIX}» que explica el motivo.`,
    });
  const paths = filePaths(view);
  view.archivos.forEach((f, i) =>
    blocks.push({
      kind: 'entry',
      title: f.nombre,
      meta: `${when(f.fecha)} · ${bytes(f.tamano)} · en el archivo ZIP: ${paths[i]}`,
      text: null,
    }),
  );
  blocks.push(
    { kind: 'heading', text: 'Registro de auditoría del caso' },
    {
      kind: 'paragraph',
      muted: true,
      text: 'Cada consulta, descarga y cambio del caso, en orden, según el registro de auditoría encadenado.',
    },
  );
  for (const { row, action, summary } of trail)
    blocks.push({
      kind: 'entry',
      title: action,
      meta: [
        when(staffInstant(row.created_at, anonymous && row.actor_id === null)),
        actorName(row.actor_id, row.actor_name ?? row.actor_email ?? '—'),
        `Entrada N° ${row.id}`,
      ].join(' · '),
      text: summary || null,
    });
  return blocks;
}
