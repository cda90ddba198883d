import {
  CHILE_TIME_ZONE,
  formatApiDate,
  organizationById,
  type Adjunto,
  type DenunciaDetalle,
  type Organization,
} from '@canal/shared';
import { open, openNullable } from '../../crypto/keys';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { signFileLink } from '../attachments/signed-url';
import { complaintsRepository as repo, type ComplaintRow } from './repository';

interface Complainant {
  rut: string;
  nombres: string;
  apellido_paterno: string;
  apellido_materno: string | null;
  fono: string;
  email: string;
}

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
  if (!row || row.id !== sessionComplaintId || row.organization_id !== org.id) throw new AppError('NOT_FOUND');
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

/** Every field the complainant gave, decrypted and with labels resolved (no log, no ticket). */
export type DecryptedComplaint = Omit<DenunciaDetalle, 'id' | 'codigo_denuncia' | 'denuncia_bitacora'>;

/**
 * The one place a complaint's sealed fields are opened: the complainant's detail and the back
 * office's case view both read through here.
 */
export function decryptComplaint(services: Services, row: ComplaintRow): DecryptedComplaint {
  const { catalogue, keyring } = services;
  const org = organizationById(row.organization_id);
  const key = keyring.unwrapDataKey(row.data_key);
  const complainant = row.complainant_enc ? (JSON.parse(open(key, row.complainant_enc)) as Complainant) : null;
  const category = catalogue.category(org, row.type_id);
  const zone = catalogue.zone(org, row.zone_id);
  const place =
    row.agency_id === null ? 'Otro' : (zone?.agencias.find((a) => a.id === row.agency_id)?.nombre ?? null);
  return {
    reconoce_involucrados: catalogue.recognition(org, row.recognition_id)?.descripcion ?? null,
    fono: complainant?.fono ?? null,
    email: open(key, row.contact_email_enc),
    nombre: complainant?.nombres ?? null,
    apellido_paterno: complainant?.apellido_paterno ?? null,
    apellido_materno: complainant?.apellido_materno ?? null,
    rut: complainant?.rut ?? null,
    // The day in Chile, not the server's: a complaint filed at 22:00 in Santiago is filed that day.
    fecha_denuncia: formatApiDate(row.created_at, { timeZone: CHILE_TIME_ZONE }),
    descripcion_hecho: open(key, row.description_enc),
    tipo_conocimiento: catalogue.knowledge(row.knowledge_id)?.descripcion ?? null,
    fecha_ocurrencia_hecho: row.occurrence_date,
    lugar: place,
    otro_lugar: openNullable(key, row.other_place_enc),
    relacion_organizacion: catalogue.relation(org, row.relation_id)?.descripcion ?? null,
    fecha_respuesta: row.response_date,
    estado_denuncia: row.status,
    subtipo_denuncia: catalogue.typeName(org, row.type_id) ?? null,
    tipo_denuncia: category?.categoria.nombre ?? null,
    zona: zone?.nombre ?? null,
  };
}

/** SPEC §3 "Complaint detail as read": labels resolved, only the entries the complainant may see. */
export async function readComplaintDetail(services: Services, row: ComplaintRow): Promise<DenunciaDetalle> {
  const key = services.keyring.unwrapDataKey(row.data_key);
  const log = await repo.visibleLog(services.db, row.id);
  return {
    id: row.ticket,
    codigo_denuncia: row.ticket,
    denuncia_bitacora: log.map((entry) => ({
      comentario: openNullable(key, entry.comment_enc),
      sistema_fecha_creacion: entry.created_at.toISOString(),
      evento: entry.event,
      usuario: entry.author,
    })),
    ...decryptComplaint(services, row),
  };
}

/** SPEC §7 adjuntos: each with a short-lived signed link that streams the decrypted file. */
export async function listAttachments(
  services: Services,
  row: ComplaintRow,
): Promise<(Adjunto & { size: number })[]> {
  const key = services.keyring.unwrapDataKey(row.data_key);
  const files = await repo.files(services.db, row.id);
  return files.map((f) => ({
    id: f.id,
    path: signFileLink(services.fileLinkSecret, f.id),
    mimetype: f.mimetype,
    name: open(key, f.name_enc),
    size: f.size_bytes,
  }));
}
