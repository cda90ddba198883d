import {
  extensionFromMimetype,
  organizationById,
  todayInChile,
  type CasePriority,
  type ComplaintStatus,
} from '@canal/shared';
import { fileName, logComment } from '../../crypto/sealed-field';
import { openForDisplay, openForDisplayNullable } from '../../core/complaints/sealed';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { auditRepository } from '../../core/audit/repository';
import { SESSION_IDLE_MINUTES } from '../../core/auth/session-store';
import { decryptComplaint, decryptLaw21643Fields } from '../../core/complaints/read-complaint';
import { complaintsRepository, type ComplaintRow } from '../../core/complaints/repository';
import {
  addWorkingDays,
  civilDateInZone,
  DEADLINE_TABLE,
  managerReferralFor,
  type CivilDate,
} from '../../core/deadlines';
import { canChangeCases, type StaffUser } from '../staff/roles';
import { replacementStore } from '../../core/complaints/replacement-store';
import { replacementView } from './replacement-view';
import { caseForStaff } from './access';
import { milestonesView } from './milestones';
import { complaintStore } from '../../core/complaints/complaint-store';
import { retaliationStore } from '../../core/retaliation/retaliation-store';
import { caseMilestonesStore } from '../../core/deadlines/case-milestones-store';
import { staffRepository } from '../staff/repository';
import { caseExclusionsStore } from './case-exclusions-store';
import { caseLinksStore } from './case-links-store';
import { caseTagsStore } from './case-tags-store';

export const fileUrl = (complaintId: number, fileId: string) =>
  `/v1/gestion/casos/${complaintId}/archivos/${fileId}`;

/**
 * When something happened, as staff may know it: an ISO instant, or for what the complainant of
 * an anonymous complaint did, only the day in Chile (yyyy-mm-dd): the minute one files can tell
 * who filed (a shift, a break, a badge log).
 */
export function staffInstant(at: Date, anonymous: boolean): string {
  if (!anonymous) return at.toISOString();
  const { year, month, day } = todayInChile(at);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The day in Chile (yyyy-mm-dd) of an instant. */
export const staffDay = (at: Date): string => staffInstant(at, true);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The name staff see for a file: for an anonymous complaint, the neutral Archivo{n}.{ext} the
 * complainant sees (n in the order the case lists them, from 1), never the original name, which
 * may carry a person's name or a device's; otherwise the name as received.
 */
export function staffFileName(
  anonymous: boolean,
  index: number,
  file: { mimetype: string },
  original: () => string,
): string {
  if (!anonymous) return original();
  const extension = extensionFromMimetype(file.mimetype);
  return extension ? `Archivo${index + 1}.${extension}` : `Archivo${index + 1}`;
}

/**
 * The summary fields of a case both the inbox and the case view show. The day of receipt only,
 * for every case: beside the exact instants of identified cases, a list would place an anonymous
 * one between its neighbours (issue 25); the case page of an identified case adds the instant.
 */
export function caseSummary(
  services: Services,
  row: Pick<
    ComplaintRow,
    | 'id'
    | 'case_number'
    | 'organization_id'
    | 'status'
    | 'type_id'
    | 'is_anonymous'
    | 'channel'
    | 'created_at'
    | 'next_due_date'
    | 'priority'
    | 'refer_to_dt'
  >,
  tags: string[],
  today: CivilDate,
) {
  const org = organizationById(row.organization_id);
  return {
    id: row.id,
    numero: row.case_number,
    organizacion: { id: org.id, nombre: org.shortName },
    // Written only from COMPLAINT_STATUSES (the status changes check it).
    estado: row.status as ComplaintStatus,
    categoria: services.catalogue.category(org, row.type_id)?.categoria.nombre ?? null,
    tipo: services.catalogue.typeName(org, row.type_id) ?? null,
    tipo_id: row.type_id,
    anonima: row.is_anonymous,
    canal: row.channel,
    fecha_ingreso: staffDay(row.created_at),
    proximo_vencimiento: row.next_due_date,
    vencido: row.next_due_date !== null && row.next_due_date < today,
    // Due within the table's "soon" window (working days, today included), as the milestones mark it.
    por_vencer:
      row.next_due_date !== null &&
      row.next_due_date >= today &&
      row.next_due_date <= addWorkingDays(today, DEADLINE_TABLE.soonWorkingDays),
    // Written only from CASE_PRIORITIES (the column's CHECK and the contract).
    prioridad: row.priority as CasePriority | null,
    etiquetas: tags,
    // Only while its type's regime refers such a case (a reclassified case drops the mark).
    derivar_dt: managerReferralFor(row.type_id, row.refer_to_dt) !== null,
  };
}

/** Everything about one case, decrypted, for someone allowed to see it; the view is audited. */
export async function viewCase(services: Services, user: StaffUser, id: number, now = new Date()) {
  const view = await readCase(services, user, id, now);
  // The complainant sees when the team read their last message (decision 0022): the people who
  // handle cases count, not auditors; only the instant is kept.
  if (canChangeCases(user)) await complaintStore.markLastComplainantMessageRead(services.db, id);
  // Once per visit: the page reads the case again after each action taken on it, and those reads
  // are the same visit. A view within SESSION_IDLE_MINUTES of the same person's recorded view of
  // the case belongs to it; after a longer gap (the idle time that ends a session) it is a new one.
  const viewed = { actorId: user.id, action: 'caso.visto', complaintId: id } as const;
  const visitStart = new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000);
  if (!(await auditRepository.recorded(services.db, viewed, visitStart)))
    await appendAudit(services, services.db, viewed);
  return view.answer;
}

/**
 * The case view (`answer`) and the rows it was read from, for someone allowed to see the case
 * (else 404), not audited: the caller audits what it does with it (viewing, the dossier).
 */
export async function readCase(services: Services, user: StaffUser, id: number, now = new Date()) {
  const { db, keyring } = services;
  const row = await caseForStaff(services, user, id);
  const key = keyring.unwrapDataKey(row.data_key);
  const [log, files, exclusions, completed, bySystem, tags, links, request, reports] =
    await Promise.all([
      complaintsRepository.staffLog(db, id),
      complaintsRepository.files(db, id),
      caseExclusionsStore.exclusions(db, id),
      caseMilestonesStore.completed(db, id),
      caseMilestonesStore.recordedBySystem(db, id),
      caseTagsStore.tags(db, id),
      caseLinksStore.links(db, user, id),
      replacementStore.open(db, id),
      retaliationStore.ofCase(db, id),
    ]);
  const assignee =
    row.assignee_id === null ? null : await staffRepository.findById(db, row.assignee_id);
  // In an anonymous complaint, what the complainant did (filing, comments, files) shows its day only.
  const byComplainant = (e: { staff_name: string | null }) =>
    row.is_anonymous && e.staff_name === null;
  // An entry's id is its place in this case's log: the rows' own ids are one sequence across
  // every case, so they would tell in which order cases were filed (issue 25).
  const position = new Map(log.map((e, i) => [e, i + 1]));
  const entry = (e: (typeof log)[number]) => ({
    id: position.get(e)!,
    evento: e.event,
    comentario: openForDisplayNullable(services, key, e.comment_enc, logComment(id)),
    autor: e.author,
    personal: e.staff_name,
    fecha: staffInstant(e.created_at, byComplainant(e)),
  });
  const denuncia = { ...decryptComplaint(services, row), ...decryptLaw21643Fields(services, row) };
  // Mail still reaches the address through the outbox; staff never see it in an anonymous case.
  if (row.is_anonymous) denuncia.email = null;
  const answer = {
    caso: {
      ...caseSummary(services, row, tags, civilDateInZone(now)),
      // On its own page, an identified case shows when it was received; an anonymous one, the day.
      fecha_ingreso: staffInstant(row.created_at, row.is_anonymous),
      fecha_respuesta: row.response_date,
      fecha_cierre: row.closed_at?.toISOString() ?? null,
      resolucion: openForDisplayNullable(services, key, row.resolution_enc, {
        complaintId: id,
        field: 'complaints.resolution',
      }),
      asignado: assignee ? { id: assignee.id, nombre: assignee.name } : null,
      exclusiones: exclusions.map((e) => ({ id: e.user_id, nombre: e.name })),
      vinculos: links.map((l) => ({
        id: l.id,
        numero: l.case_number,
        // One of CASE_LINK_KINDS (the query's CASE).
        tipo: l.kind as 'duplicado_de' | 'tiene_duplicado' | 'relacionado',
      })),
    },
    denuncia,
    bitacora: {
      visible: log.filter((e) => e.visible).map(entry),
      interna: log.filter((e) => !e.visible).map(entry),
    },
    archivos: files.map((f, index) => ({
      id: f.id,
      nombre: staffFileName(row.is_anonymous, index, f, () =>
        openForDisplay(services, key, f.name_enc, fileName(id), `archivo.${f.extension}`),
      ),
      mimetype: f.mimetype,
      tamano: f.size_bytes,
      fecha: staffInstant(f.created_at, row.is_anonymous),
      url: fileUrl(id, f.id),
      del_equipo: f.from_team,
    })),
    hitos: milestonesView(row, completed, now, bySystem),
    solicitud_reemplazo: request
      ? replacementView(
          services,
          user,
          request,
          row,
          staffInstant(request.created_at, row.is_anonymous),
        )
      : null,
    represalias: reports.map((r) => ({
      id: r.id,
      fecha: r.reported,
      vence: r.due_date,
      vencida: r.attended_at === null && r.due_date < civilDateInZone(now),
      atendido: r.attended_at
        ? { fecha: r.attended_at.toISOString(), por: r.attended_by_name }
        : null,
    })),
  };
  return { answer, row, key, files };
}
