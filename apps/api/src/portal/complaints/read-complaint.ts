import type { Adjunto, DenunciaDetalle, Organization } from '@canal/shared';
import { fileName, logComment } from '../../crypto/sealed-field';
import { openForDisplay, openForDisplayNullable } from '../../core/complaints/sealed';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { signFileLink } from '../files/signed-url';
import { decryptComplaint } from '../../core/complaints/read-complaint';
import { complaintsRepository as repo, type ComplaintRow } from '../../core/complaints/repository';
import { replacementStore } from '../../core/complaints/replacement-store';
import { complaintSummary } from './summary';

/**
 * The complaint a signed-in complainant may open: the ticket in the path must be the one their
 * token belongs to, and it must belong to the organisation of the portal (x-filial). Anything else
 * looks exactly like a complaint that does not exist.
 */
export async function complaintForSession(
  services: Services,
  org: Organization,
  ticket: number,
  sessionComplaintId: number,
): Promise<ComplaintRow> {
  const row = await repo.findByTicket(services.db, ticket);
  if (!row || row.id !== sessionComplaintId || row.organization_id !== org.id)
    throw new AppError('NOT_FOUND');
  return row;
}

/** The complaint a session opens, within the portal's organisation. */
export async function complaintOfSession(
  services: Services,
  org: Organization,
  sessionComplaintId: number,
): Promise<ComplaintRow> {
  const row = await repo.findById(services.db, sessionComplaintId);
  if (!row || row.organization_id !== org.id) throw new AppError('NOT_FOUND');
  return row;
}

/** SPEC §3 "Complaint detail as read": labels resolved, only the entries the complainant may see. */
export async function readComplaintDetail(
  services: Services,
  row: ComplaintRow,
): Promise<DenunciaDetalle> {
  const key = services.keyring.unwrapDataKey(row.data_key);
  const [log, lastMessage, request] = await Promise.all([
    repo.visibleLog(services.db, row.id),
    repo.lastComplainantMessage(services.db, row.id),
    replacementStore.open(services.db, row.id),
  ]);
  const lastIndex = lastMessage ? log.findIndex((e) => e.id === lastMessage.id) : -1;
  return {
    id: row.ticket,
    codigo_denuncia: row.ticket,
    denuncia_bitacora: log.map((entry) => ({
      comentario: openForDisplayNullable(services, key, entry.comment_enc, logComment(row.id)),
      sistema_fecha_creacion: entry.created_at.toISOString(),
      evento: entry.event,
      usuario: entry.author,
    })),
    ...decryptComplaint(services, row),
    solicitud_reemplazo: request ? { fecha: request.created_at.toISOString() } : null,
    lectura_equipo:
      lastMessage && lastIndex >= 0
        ? { indice: lastIndex, leido: lastMessage.read_by_staff_at?.toISOString() ?? null }
        : null,
    resumen: complaintSummary(row, log),
  };
}

/** SPEC §7 adjuntos: each with a short-lived signed link that streams the decrypted file. */
export async function listAttachments(
  services: Services,
  fileLinkSecret: Buffer,
  row: ComplaintRow,
): Promise<(Adjunto & { size: number; del_equipo: boolean })[]> {
  const key = services.keyring.unwrapDataKey(row.data_key);
  const files = await repo.files(services.db, row.id);
  return files.map((f) => ({
    id: f.id,
    path: signFileLink(fileLinkSecret, f.id),
    mimetype: f.mimetype,
    name: openForDisplay(services, key, f.name_enc, fileName(row.id), `archivo.${f.extension}`),
    size: f.size_bytes,
    del_equipo: f.from_team,
  }));
}
