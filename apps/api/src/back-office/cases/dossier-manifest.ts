import {
  MANIFEST_KEY_NAME,
  MANIFEST_NAME,
  MANIFEST_SIGNATURE_NAME,
  RECORD_TYPES,
  type ManifestRecord,
} from '@canal/shared/proof';
import type { Organization } from '@canal/shared';
import type { Signer } from '../../crypto/signing';
import { issuerOf, signRecord } from '../../core/proof/sign';
import type { ZippedMember } from '../export/zip-stream';
import type { StaffUser } from '../staff/roles';

/**
 * The members that close a dossier (decision 0052): `manifiesto.json`, the signed record of every
 * other member with its SHA-256, the case, who took it and when; `manifiesto.firma`, its raw
 * Ed25519 signature; `manifiesto.clave`, the key's id. `openssl pkeyutl -verify` checks the pair.
 */
export function manifestMembers(
  signer: Signer,
  d: { org: Organization; caseNumber: string; user: StaffUser; at: Date; held: ZippedMember[] },
): { name: string; content: Uint8Array }[] {
  const record: ManifestRecord = {
    tipo: RECORD_TYPES.manifest,
    version: 1,
    organizacion: issuerOf(d.org),
    numero_caso: d.caseNumber,
    exportado_por: { id: d.user.id, nombre: d.user.name },
    exportado_en: d.at.toISOString(),
    archivos: d.held.map((m) => ({ nombre: m.name, sha256: m.sha256, bytes: m.bytes })),
  };
  const signed = signRecord(signer, record);
  return [
    { name: MANIFEST_NAME, content: Buffer.from(signed.registro, 'utf8') },
    { name: MANIFEST_SIGNATURE_NAME, content: Buffer.from(signed.firma, 'base64') },
    { name: MANIFEST_KEY_NAME, content: Buffer.from(`${signed.clave}\n`, 'utf8') },
  ];
}
