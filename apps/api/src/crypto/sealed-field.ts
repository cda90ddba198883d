import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { open as openLegacy, type SealingKey } from './keys';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A complaint's sealed field, bound to its place (issue 9). Format (version 2):
 *
 *     v2:<key id>:<base64 of iv ‖ ciphertext ‖ tag>
 *
 * AES-256-GCM under the complaint's data key, with additional authenticated data
 * `canal/v2|<key id>|complaint:<id>|<field>`: a value moved to another field or another complaint
 * (or given another key id) no longer opens. Key id 0 is the complaint's own data key; another id
 * will name another key when keys rotate. Version 1 (no prefix: base64 of iv ‖ ciphertext ‖ tag, no
 * additional data) is what rows written before this format hold: it still opens, unbound; every new
 * write is version 2. Base64 has no ':', so the two never look alike.
 */
export const SEALED_FIELD_VERSION = 'v2';
export const DATA_KEY_ID = 0;

/** Every sealed column of a complaint, by table and column. */
export type SealedFieldName =
  | 'complaints.description'
  | 'complaints.other_place'
  | 'complaints.complainant'
  | 'complaints.contact_email'
  | 'complaints.resolution'
  | 'complaints.accused'
  | 'complaints.representation'
  | 'complaint_log.comment'
  | 'complaint_files.name'
  | 'replacement_requests.reason'
  | 'replacement_requests.answer'
  | 'email_changes.email'
  | 'complaint_transcripts.text'
  | 'complaint_transcripts.corrections';

export interface SealedPlace {
  complaintId: number;
  field: SealedFieldName;
}

/** The place of a log entry's comment. */
export const logComment = (complaintId: number): SealedPlace => ({
  complaintId,
  field: 'complaint_log.comment',
});

/** The place of a file's original name. */
export const fileName = (complaintId: number): SealedPlace => ({
  complaintId,
  field: 'complaint_files.name',
});

/** A sealed field that does not open where it is: altered, moved from another place, or unknown format. */
export class SealedFieldIntegrityError extends Error {
  constructor(readonly place: SealedPlace) {
    super(`integridad: el campo ${place.field} del caso ${place.complaintId} no se pudo verificar`);
    this.name = 'SealedFieldIntegrityError';
  }
}

const PREFIX = /^v2:(\d{1,5}):/;

const aad = (keyId: number, place: SealedPlace) =>
  Buffer.from(`canal/v2|${keyId}|complaint:${place.complaintId}|${place.field}`, 'utf8');

export function sealField(key: SealingKey, plaintext: string, place: SealedPlace): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(aad(DATA_KEY_ID, place));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const raw = Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
  return `${SEALED_FIELD_VERSION}:${DATA_KEY_ID}:${raw}`;
}

export const sealFieldNullable = (
  key: SealingKey,
  value: string | null | undefined,
  place: SealedPlace,
) => (value === null || value === undefined || value === '' ? null : sealField(key, value, place));

/** Opens a field sealed for `place` (version 2), or a legacy version-1 value; else throws. */
export function openField(key: SealingKey, sealed: string, place: SealedPlace): string {
  try {
    const match = PREFIX.exec(sealed);
    if (!match) {
      if (sealed.includes(':')) throw new Error('formato desconocido');
      return openLegacy(key, sealed);
    }
    const keyId = Number(match[1]);
    if (keyId !== DATA_KEY_ID) throw new Error('clave desconocida');
    const raw = Buffer.from(sealed.slice(match[0].length), 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('corto');
    const decipher = createDecipheriv(ALGORITHM, key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(aad(keyId, place));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SealedFieldIntegrityError(place);
  }
}

export const openFieldNullable = (key: SealingKey, sealed: string | null, place: SealedPlace) =>
  sealed === null ? null : openField(key, sealed, place);
