import { organizationById } from '@canal/shared';
import { open, openNullable } from '../../crypto/keys';
import type { Services } from '../../services';
import { appendAudit } from '../audit/audit-log';
import { decryptComplaint } from '../complaints/read-complaint';
import { complaintsRepository, type ComplaintRow } from '../complaints/repository';
import { addWorkingDays, civilDateInZone, DEADLINE_TABLE, type CivilDate } from '../deadlines';
import type { StaffUser } from '../staff/roles';
import { caseForStaff } from './access';
import { milestonesView } from './milestones';
import { casesRepository as repo } from './repository';

export const fileUrl = (complaintId: number, fileId: string) => `/v1/gestion/casos/${complaintId}/archivos/${fileId}`;

/** The summary fields of a case both the inbox and the case view show. */
export function caseSummary(services: Services, row: Pick<ComplaintRow, 'id' | 'case_number' | 'organization_id' | 'status' | 'type_id' | 'is_anonymous' | 'created_at' | 'next_due_date'>, today: CivilDate) {
  const org = organizationById(row.organization_id);
  return {
    id: row.id,
    numero: row.case_number,
    organizacion: { id: org.id, nombre: org.shortName },
    estado: row.status,
    categoria: services.catalogue.category(org, row.type_id)?.categoria.nombre ?? null,
    tipo: services.catalogue.typeName(org, row.type_id) ?? null,
    tipo_id: row.type_id,
    anonima: row.is_anonymous,
    fecha_ingreso: row.created_at.toISOString(),
    proximo_vencimiento: row.next_due_date,
    vencido: row.next_due_date !== null && row.next_due_date < today,
    // Due within the table's "soon" window (working days, today included), as the milestones mark it.
    por_vencer: row.next_due_date !== null && row.next_due_date >= today && row.next_due_date <= addWorkingDays(today, DEADLINE_TABLE.soonWorkingDays),
  };
}

/** Everything about one case, decrypted, for someone allowed to see it; the view is audited. */
export async function viewCase(services: Services, user: StaffUser, id: number, now = new Date()) {
  const { db, keyring } = services;
  const row = await caseForStaff(services, user, id);
  const key = keyring.unwrapDataKey(row.data_key);
  const [log, files, exclusions, completed] = await Promise.all([
    repo.fullLog(db, id),
    complaintsRepository.files(db, id),
    repo.exclusions(db, id),
    repo.milestones(db, id),
  ]);
  const assignee = row.assignee_id === null ? null : await db.query<{ id: number; name: string }>('SELECT id, name FROM staff_users WHERE id = $1', [row.assignee_id]);
  await appendAudit(db, { actorId: user.id, action: 'caso.visto', complaintId: id });
  const entry = (e: (typeof log)[number]) => ({
    id: e.id,
    evento: e.event,
    comentario: openNullable(key, e.comment_enc),
    autor: e.author,
    personal: e.staff_name,
    fecha: e.created_at.toISOString(),
  });
  return {
    caso: {
      ...caseSummary(services, row, civilDateInZone(now)),
      fecha_respuesta: row.response_date,
      fecha_cierre: row.closed_at?.toISOString() ?? null,
      resolucion: openNullable(key, row.resolution_enc),
      asignado: assignee?.[0] ? { id: assignee[0].id, nombre: assignee[0].name } : null,
      exclusiones: exclusions.map((e) => ({ id: e.user_id, nombre: e.name })),
    },
    denuncia: decryptComplaint(services, row),
    bitacora: { visible: log.filter((e) => e.visible).map(entry), interna: log.filter((e) => !e.visible).map(entry) },
    archivos: files.map((f) => ({
      id: f.id,
      nombre: open(key, f.name_enc),
      mimetype: f.mimetype,
      tamano: f.size_bytes,
      fecha: f.created_at.toISOString(),
      url: fileUrl(id, f.id),
    })),
    hitos: milestonesView(row, completed, now),
  };
}
