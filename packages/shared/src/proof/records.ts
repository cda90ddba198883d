// The records the channel signs (decision 0050). None carries the facts or anyone's identity: a
// receipt says what was received and when, a summary seal binds a PDF's text to that receipt, a
// manifest says what a dossier holds and who took it.
import type { Canonical } from './canonical';
import type { SignedRecord } from './envelope';

export const RECORD_TYPES = {
  receipt: 'recibo-denuncia',
  summary: 'resumen-denuncia',
  manifest: 'manifiesto-expediente',
} as const;

export interface Issuer {
  /** The organisation's GUID and name. */
  id: string;
  nombre: string;
}

/** The complainant's receipt, signed at filing. */
export interface ReceiptRecord {
  tipo: typeof RECORD_TYPES.receipt;
  version: 1;
  organizacion: Issuer;
  numero_caso: string;
  codigo: number;
  /** ISO instant (UTC) the complaint was received. */
  recibida_en: string;
  tipo_denuncia: { id: number; nombre: string };
  /** SHA-256 (hex) and size of each file received, in the order received. */
  archivos: { sha256: string; bytes: number }[];
}

/** The seal of a PDF summary: the SHA-256 of what its pages draw (`summaryContentSha256`) and
 * the filing receipt. */
export interface SummaryRecord {
  tipo: typeof RECORD_TYPES.summary;
  version: 1;
  organizacion: Issuer;
  codigo: number;
  emitido_en: string;
  contenido_sha256: string;
  recibo: SignedRecord;
}

/** The manifest of a case dossier: every other member of the ZIP with its SHA-256. */
export interface ManifestRecord {
  tipo: typeof RECORD_TYPES.manifest;
  version: 1;
  organizacion: Issuer;
  numero_caso: string;
  exportado_por: { id: number; nombre: string };
  exportado_en: string;
  archivos: { nombre: string; sha256: string; bytes: number }[];
}

export type SignedRecordKind = ReceiptRecord | SummaryRecord | ManifestRecord;

export const asCanonical = (record: SignedRecordKind): Canonical => record as unknown as Canonical;

/** Where the summary's seal is kept in the PDF's document information dictionary. */
export const PDF_SEAL_KEY = 'CanalDenunciasSello';
/** The dossier's manifest and its signature inside the ZIP. */
export const MANIFEST_NAME = 'manifiesto.json';
/** The raw 64-byte Ed25519 signature of `manifiesto.json` (for `openssl pkeyutl -verify`). */
export const MANIFEST_SIGNATURE_NAME = 'manifiesto.firma';
/** The signing key's id, as text. */
export const MANIFEST_KEY_NAME = 'manifiesto.clave';
