import { randomInt } from 'node:crypto';
import {
  denunciaPayloadSchema,
  formatRut,
  parseApiDate,
  todayInChile,
  type DenunciaPayload,
  portalUrlOf,
  type Organization,
} from '@canal/shared';
import { isUniqueViolation } from '../../db/database';
import { sealField, sealFieldNullable, type SealedFieldName } from '../../crypto/sealed-field';
import { AppError } from '../../errors';
import { parseOrThrow } from '../../http/validation';
import type { Services } from '../../core/services';
import type { ReceivedFile } from '../../core/files/receive';
import { commitFiles, insertFiles } from '../../core/complaints/attachments';
import { firstDueDate } from '../../core/deadlines/next-due';
import { complaintsRepository as repo } from '../../core/complaints/repository';
import { complaintSearchIndexes } from '../../core/complaints/search-index';

export const EVENT_FILED = 'Denuncia ingresada';
export const AUTHOR_SYSTEM = 'Sistema';

/** Twelve digits, first one not zero, from a cryptographic generator (DESIGN §4.2). */
export const newTicket = () => randomInt(100_000_000_000, 1_000_000_000_000);

/** Checks a `denuncia` part: the shared schema first, then the ids against this organisation's lists. */
export function validateDenuncia(
  services: Services,
  org: Organization,
  raw: unknown,
): DenunciaPayload {
  const payload = parseOrThrow(denunciaPayloadSchema, raw);
  const { catalogue } = services;
  if (payload.filial.toLowerCase() !== org.id) {
    throw new AppError(
      'VALIDATION',
      'La organización de la denuncia no coincide con la del portal.',
    );
  }
  const zone = catalogue.zone(org, payload.zona_id);
  if (!zone) throw new AppError('VALIDATION', 'La zona seleccionada no es válida.');
  if (payload.agencia_id !== undefined && payload.agencia_id !== null) {
    if (!zone.agencias.some((a) => a.id === payload.agencia_id)) {
      throw new AppError('VALIDATION', 'El lugar seleccionado no corresponde a la zona.');
    }
  }
  if (!catalogue.category(org, payload.tipo_delito_id)) {
    throw new AppError('VALIDATION', 'El tipo de denuncia seleccionado no es válido.');
  }
  if (!catalogue.relation(org, payload.relacion_organizacion_id)) {
    throw new AppError('VALIDATION', 'La relación con la organización seleccionada no es válida.');
  }
  if (!catalogue.recognition(org, payload.campo_reconoce_involucrados_id)) {
    throw new AppError('VALIDATION', 'La opción sobre las personas involucradas no es válida.');
  }
  return payload;
}

/**
 * Files a complaint atomically (DESIGN §6): the staged files move into place and the complaint,
 * its files, its first log entry and its confirmation mail are committed in one transaction.
 * The ticket exists for the complainant only once this returns.
 */
export async function createComplaint(
  services: Services,
  org: Organization,
  payload: DenunciaPayload,
  dataKey: { key: Buffer; wrapped: string },
  files: ReceivedFile[],
): Promise<{ ticket: number; email: string }> {
  const { db, keyring, hasher, files: store, outbox, catalogue } = services;
  const key = dataKey.key;
  const email = payload.denuncia_ticket.email.trim();
  const date = parseApiDate(payload.fecha_delito)!;
  const complainantJson = payload.es_anonima
    ? null
    : JSON.stringify({
        rut: formatRut(payload.denunciante!.rut),
        nombres: payload.denunciante!.nombres.trim(),
        apellido_paterno: payload.denunciante!.apellido_paterno.trim(),
        apellido_materno: payload.denunciante!.apellido_materno?.trim() || null,
        fono: payload.denunciante!.fono,
        email: payload.denunciante!.email?.trim() || payload.email_contacto?.trim() || email,
      });
  const passwordHash = await hasher.hash(payload.denuncia_ticket.pass);
  const agencyId = payload.agencia_id ?? null;
  const row = {
    organization_id: org.id,
    is_anonymous: payload.es_anonima,
    category_id: catalogue.category(org, payload.tipo_delito_id)!.categoria.id,
    type_id: payload.tipo_delito_id,
    zone_id: payload.zona_id,
    agency_id: agencyId,
    relation_id: payload.relacion_organizacion_id,
    recognition_id: payload.campo_reconoce_involucrados_id,
    knowledge_id: payload.campo_toma_conocimiento_id,
    occurrence_date_iso: `${date.year}-${pad(date.month)}-${pad(date.day)}`,
    occurrence_date: payload.fecha_delito,
    data_key: dataKey.wrapped,
    email_index: keyring.blindIndex(email.toLowerCase()),
    // Staff find an identified case by the RUT or the address they see on it (decision 0014).
    ...complaintSearchIndexes(keyring, {
      anonymous: payload.es_anonima,
      rut: payload.es_anonima ? null : payload.denunciante!.rut,
      email,
    }),
    password_hash: passwordHash,
  };

  for (let attempt = 0; ; attempt++) {
    const ticket = newTicket();
    try {
      await db.transaction(async (tx) => {
        const caseNumber = await repo.nextCaseNumber(tx, org.id, todayInChile().year);
        // Each sealed field is bound to this complaint's id and its own column (issue 9).
        const complaintId = await repo.nextId(tx);
        const at = (field: SealedFieldName) => ({ complaintId, field });
        const { id, createdAt } = await repo.insert(tx, {
          ...row,
          id: complaintId,
          description_enc: sealField(key, payload.relato.trim(), at('complaints.description')),
          other_place_enc:
            agencyId === null
              ? sealFieldNullable(key, payload.otro_lugar?.trim(), at('complaints.other_place'))
              : null,
          complainant_enc:
            complainantJson === null
              ? null
              : sealField(key, complainantJson, at('complaints.complainant')),
          contact_email_enc: sealField(key, email, at('complaints.contact_email')),
          ticket,
          case_number: caseNumber,
        });
        // The inbox sorts by the next legal due date: it exists from the first moment.
        await repo.setNextDueDate(tx, id, firstDueDate(row.type_id, createdAt));
        const logId = await repo.addLog(tx, {
          complaintId: id,
          event: EVENT_FILED,
          commentEnc: null,
          author: AUTHOR_SYSTEM,
          visible: true,
        });
        await insertFiles(tx, id, logId, key, files);
        await outbox.enqueue(tx, {
          to: email,
          organizationId: org.id,
          message: {
            kind: 'confirmation',
            ticket,
            createdAt: new Date(),
            portalUrl: portalUrlOf(
              org,
              services.config.publicUrl,
              services.config.PORTAL_HOST_PREFIX,
            ),
          },
        });
        // The files were streamed to their final keys as staged: this transaction commits them.
        await commitFiles(tx, store, files);
      });
      return { ticket, email };
    } catch (error) {
      if (isUniqueViolation(error) && attempt < 5) continue;
      await store.discard(files);
      throw error;
    }
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
