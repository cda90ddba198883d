import { organizationById } from '@canal/shared';
import { PERSONAL_DATA_FORMAT, type PersonalDataExportWire } from '@canal/shared/contract';
import { fileName, logComment } from '../../crypto/sealed-field';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { decryptComplaint } from '../../core/complaints/read-complaint';
import { openForDisplay, openForDisplayNullable } from '../../core/complaints/sealed';
import { complaintsRepository as repo, type ComplaintRow } from '../../core/complaints/repository';
import { readTranscript } from '../complaints/transcript';

/**
 * Portability (Law 21.719): what the complainant gave, their log as they read it, the list of
 * their files (name, type, size, date) and the transcript of an oral complaint with their answers,
 * as one JSON document. Only what the complainant already
 * sees on the detail page: no internal notes, no staff names, nothing else staff keep. Audited
 * (without content), like every time a case's data leave the channel.
 */
export async function personalDataOf(
  services: Services,
  row: ComplaintRow,
): Promise<PersonalDataExportWire> {
  const key = services.keyring.unwrapDataKey(row.data_key);
  const [log, files, transcript] = await Promise.all([
    repo.visibleLog(services.db, row.id),
    repo.files(services.db, row.id),
    readTranscript(services, row),
  ]);
  await appendAudit(services, services.db, {
    actorId: null,
    action: 'caso.datos_descargados',
    complaintId: row.id,
  });
  return {
    formato: PERSONAL_DATA_FORMAT,
    generado: new Date().toISOString(),
    organizacion: organizationById(row.organization_id).shortName,
    codigo_denuncia: row.ticket,
    denuncia: decryptComplaint(services, row),
    bitacora: log.map((entry) => ({
      fecha: entry.created_at.toISOString(),
      evento: entry.event,
      comentario: openForDisplayNullable(services, key, entry.comment_enc, logComment(row.id)),
      autor: entry.author,
    })),
    archivos: files.map((f) => ({
      nombre: openForDisplay(services, key, f.name_enc, fileName(row.id), `archivo.${f.extension}`),
      tipo: f.mimetype,
      tamano: f.size_bytes,
      fecha: f.created_at.toISOString(),
      del_equipo: f.from_team,
    })),
    transcripcion: transcript,
  };
}
