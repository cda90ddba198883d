import { createSecretKey, randomBytes, randomInt } from 'node:crypto';
import {
  formatRut,
  parseApiDate,
  todayInChile,
  type ComplaintChannel,
  type ComplaintFieldsPayload,
  type Organization,
} from '@canal/shared';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/driver-errors';
import { sealField, sealFieldNullable, type SealedFieldName } from '../../crypto/sealed-field';
import { AppError } from '../../errors';
import type { Services } from '../services';
import type { ReceivedFile } from '../files/receive';
import { commitFiles, insertFiles } from './attachments';
import { firstDueDate } from '../deadlines/next-due';
import { complaintStore } from './complaint-store';
import { LOG_EVENTS, systemEntry } from './complaint-log';
import { complaintSearchIndexes } from './search-index';
import { announceNewComplaint } from '../notifications/notify';
import { signReceipt } from '../proof/sign';

/** Twelve digits, first one not zero, from a cryptographic generator (DESIGN §4.2). */
export const newTicket = () => randomInt(100_000_000_000, 1_000_000_000_000);

/**
 * A new complaint's id: random, so that ids in the back office (URLs, the inbox, the audit log)
 * do not tell in which order cases were filed (issue 25). In [2^52, 2^53): sixteen digits, a safe
 * integer in JavaScript, far above the ids the old sequence gave; a repeat is retried like a
 * ticket's.
 */
export const newComplaintId = () => Number((1n << 52n) | (randomBytes(8).readBigUInt64BE() >> 12n));

/**
 * Checks a complaint's ids against this organisation's lists (after the shared schema): the same
 * for the portal and for staff intake.
 */
export function checkComplaintFields(
  services: Services,
  org: Organization,
  fields: ComplaintFieldsPayload,
): void {
  // Only what the portal offers: a retired element is refused as if it did not exist.
  const offered = services.catalogue.offered(org);
  if (fields.filial.toLowerCase() !== org.id) {
    throw new AppError(
      'VALIDATION',
      'La organización de la denuncia no coincide con la del portal.',
    );
  }
  const zone = offered.zone(fields.zona_id);
  if (!zone) throw new AppError('VALIDATION', 'La zona seleccionada no es válida.');
  if (fields.agencia_id !== undefined && fields.agencia_id !== null) {
    if (!zone.agencias.some((a) => a.id === fields.agencia_id)) {
      throw new AppError('VALIDATION', 'El lugar seleccionado no corresponde a la zona.');
    }
  }
  if (!offered.hasType(fields.tipo_delito_id)) {
    throw new AppError('VALIDATION', 'El tipo de denuncia seleccionado no es válido.');
  }
  if (!offered.relation(fields.relacion_organizacion_id)) {
    throw new AppError('VALIDATION', 'La relación con la organización seleccionada no es válida.');
  }
  if (!offered.recognition(fields.campo_reconoce_involucrados_id)) {
    throw new AppError('VALIDATION', 'La opción sobre las personas involucradas no es válida.');
  }
}

/** What a new complaint needs, whoever files it (portal or staff intake). */
export interface ComplaintToCreate {
  fields: ComplaintFieldsPayload;
  /** The address for the confirmation mail and later news; null when the person gave none. */
  contactEmail: string | null;
  /** argon2id hash of the follow-up password (staff intake: of a secret nobody knows). */
  passwordHash: string;
  channel: ComplaintChannel;
  /** Files already streamed (staged) under the complaint's data key. */
  files: ReceivedFile[];
  /**
   * Finished resumable uploads sealed with the same key (the filing form's, decision 0074),
   * staged again: recorded, named in the receipt and committed like `files`, but never deleted
   * here on failure (their rows keep them for the next try).
   */
  resumed?: ReceivedFile[];
  /** More writes that must commit with the complaint (staff intake: its log, audit and link). */
  inTransaction?: (tx: Db, created: CreatedComplaint) => Promise<void>;
}

export interface CreatedComplaint {
  id: number;
  ticket: number;
  caseNumber: string;
  createdAt: Date;
}

/**
 * Creates a complaint atomically (DESIGN §6): the staged files move into place and the complaint,
 * its files, its first log entry and its confirmation mail are committed in one transaction.
 * The one creation path of the portal and of staff intake: the ticket exists only once this returns.
 */
export async function createComplaint(
  services: Services,
  org: Organization,
  dataKey: { key: Buffer; wrapped: string },
  input: ComplaintToCreate,
): Promise<CreatedComplaint> {
  const { db, keyring, files: store, catalogue } = services;
  const { fields } = input;
  const files = [...input.files, ...(input.resumed ?? [])];
  // Made once: it seals every field and file name of the complaint (a `Buffer` key is prepared
  // again by each cipher).
  const key = createSecretKey(dataKey.key);
  const email = input.contactEmail?.trim() || null;
  const date = parseApiDate(fields.fecha_delito)!;
  const complainantJson = fields.es_anonima
    ? null
    : JSON.stringify({
        rut: formatRut(fields.denunciante!.rut),
        nombres: fields.denunciante!.nombres.trim(),
        apellido_paterno: fields.denunciante!.apellido_paterno.trim(),
        apellido_materno: fields.denunciante!.apellido_materno?.trim() || null,
        fono: fields.denunciante!.fono,
        email: fields.denunciante!.email?.trim() || email,
      });
  const agencyId = fields.agencia_id ?? null;
  // Law 21.643 (decision 0021): the schema keeps these only for types 26–28.
  const accusedJson =
    fields.denunciado_nombre || fields.denunciado_cargo
      ? JSON.stringify({
          nombre: fields.denunciado_nombre?.trim() || null,
          cargo: fields.denunciado_cargo?.trim() || null,
        })
      : null;
  const representation = fields.a_nombre_de_otro
    ? fields.fundamento_representacion?.trim() || null
    : null;
  const row = {
    organization_id: org.id,
    is_anonymous: fields.es_anonima,
    category_id: catalogue.category(org, fields.tipo_delito_id)!.categoria.id,
    type_id: fields.tipo_delito_id,
    zone_id: fields.zona_id,
    agency_id: agencyId,
    relation_id: fields.relacion_organizacion_id,
    recognition_id: fields.campo_reconoce_involucrados_id,
    knowledge_id: fields.campo_toma_conocimiento_id,
    occurrence_date_iso: `${date.year}-${pad(date.month)}-${pad(date.day)}`,
    occurrence_date: fields.fecha_delito,
    data_key: dataKey.wrapped,
    email_index: email === null ? null : keyring.blindIndex(email.toLowerCase()),
    // Staff find an identified case by the RUT or the address they see on it (decision 0014),
    // and any case by the accused person's name (decision 0072).
    ...complaintSearchIndexes(keyring, {
      anonymous: fields.es_anonima,
      rut: fields.es_anonima ? null : fields.denunciante!.rut,
      email,
      accusedName: fields.denunciado_nombre?.trim() || null,
    }),
    password_hash: input.passwordHash,
    channel: input.channel,
    refer_to_dt: fields.denunciado_es_gerente === true,
  };

  for (let attempt = 0; ; attempt++) {
    const ticket = newTicket();
    try {
      const created = await db.transaction(async (tx) => {
        const complaintId = newComplaintId();
        const reserved = await complaintStore.reserve(tx, org.id, todayInChile().year);
        const { caseNumber } = reserved;
        // Each sealed field is bound to this complaint's id and its own column (issue 9).
        const at = (field: SealedFieldName) => ({ complaintId, field });
        const { id, createdAt } = await complaintStore.insert(tx, {
          ...row,
          id: complaintId,
          // The inbox sorts by the next legal due date: it exists from the first moment.
          next_due_date: firstDueDate(row.type_id, reserved.createdAt),
          description_enc: sealField(key, fields.relato.trim(), at('complaints.description')),
          other_place_enc:
            agencyId === null
              ? sealFieldNullable(key, fields.otro_lugar?.trim(), at('complaints.other_place'))
              : null,
          complainant_enc:
            complainantJson === null
              ? null
              : sealField(key, complainantJson, at('complaints.complainant')),
          contact_email_enc:
            email === null ? null : sealField(key, email, at('complaints.contact_email')),
          accused_enc:
            accusedJson === null ? null : sealField(key, accusedJson, at('complaints.accused')),
          representation_enc: sealFieldNullable(
            key,
            representation,
            at('complaints.representation'),
          ),
          ticket,
          case_number: caseNumber,
        });
        // The complainant's receipt (decision 0050): signed with the complaint, in its transaction.
        const receipt = signReceipt(services.signer, {
          org,
          caseNumber,
          ticket,
          receivedAt: createdAt,
          type: { id: row.type_id, nombre: catalogue.typeName(org, row.type_id) ?? '' },
          files,
        });
        await complaintStore.setReceipt(tx, id, JSON.stringify(receipt));
        const logId = await complaintStore.appendLog(tx, systemEntry(id, LOG_EVENTS.filed, true));
        await insertFiles(tx, id, logId, key, files);
        // The confirmation (it acknowledges receipt; none without an address) and the receivers'
        // alert and a routing rule's assignment, in this transaction, for every creation path.
        await announceNewComplaint(
          services,
          tx,
          {
            id,
            ticket,
            caseNumber,
            organizationId: org.id,
            categoryId: row.category_id,
            typeId: row.type_id,
            receivedAt: createdAt,
          },
          email,
        );
        const result: CreatedComplaint = { id, ticket, caseNumber, createdAt };
        await input.inTransaction?.(tx, result);
        // The files were streamed to their final keys as staged: this transaction commits them.
        await commitFiles(tx, store, files);
        return result;
      });
      return created;
    } catch (error) {
      if (isUniqueViolation(error) && attempt < 5) continue;
      await store.discard(input.files);
      throw error;
    }
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
