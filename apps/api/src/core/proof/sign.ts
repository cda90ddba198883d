import {
  asCanonical,
  canonicalJson,
  RECORD_TYPES,
  type ReceiptRecord,
  type SignedRecord,
  type SignedRecordKind,
} from '@canal/shared/proof';
import type { Organization } from '@canal/shared';
import type { Signer } from '../../crypto/signing';

/** `record` in its canonical form, signed (decision 0050). */
export function signRecord(signer: Signer, record: SignedRecordKind): SignedRecord {
  const registro = canonicalJson(asCanonical(record));
  return { registro, firma: signer.sign(registro).toString('base64'), clave: signer.keyId };
}

export const issuerOf = (org: Organization) => ({ id: org.id, nombre: org.shortName });

/**
 * The complainant's receipt, signed in the filing's transaction: what was received and when, no
 * facts and no identity (decision 0050).
 */
export function signReceipt(
  signer: Signer,
  r: {
    org: Organization;
    caseNumber: string;
    ticket: number;
    receivedAt: Date;
    type: { id: number; nombre: string };
    files: readonly { sha256: string; size: number }[];
  },
): SignedRecord {
  const record: ReceiptRecord = {
    tipo: RECORD_TYPES.receipt,
    version: 1,
    organizacion: issuerOf(r.org),
    numero_caso: r.caseNumber,
    codigo: r.ticket,
    recibida_en: r.receivedAt.toISOString(),
    tipo_denuncia: r.type,
    archivos: r.files.map((f) => ({ sha256: f.sha256, bytes: f.size })),
  };
  return signRecord(signer, record);
}
