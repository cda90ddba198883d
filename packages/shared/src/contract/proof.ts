// Proof anyone can check (issue 20, decision 0050): the keys the channel signs with, the check of a
// document it issued, and the seal of a complainant's PDF summary.
import { z } from 'zod';
import { publicKeysSchema, signedRecordSchema } from '../proof/envelope';
import { ALWAYS, endpoint, errors } from './core';
import { complainantHeaders } from './headers';
import { ticketParams } from './portal';
import { adjuntoListadoSchema, denunciaDetalleSchema } from '../wire';

const tag = 'Verificación';

export const publicKeys = endpoint({
  method: 'GET',
  path: '/v1/claves-publicas',
  tag,
  access: 'public',
  summary:
    'Claves públicas (Ed25519) con que el canal firma sus documentos, vigentes y anteriores, con su validez',
  responses: { 200: publicKeysSchema, ...errors(...ALWAYS) },
});

/** The same list at a well-known address, for those who pin keys by convention. */
export const publicKeysWellKnown = endpoint({
  method: 'GET',
  path: '/.well-known/canal-denuncias-keys.json',
  tag,
  access: 'public',
  summary: 'Las mismas claves públicas, en una dirección conocida',
  responses: { 200: publicKeysSchema, ...errors(...ALWAYS) },
});

export const VERIFY_STATES = [
  'autentico',
  'alterado',
  'clave-desconocida',
  'clave-revocada',
  'sin-firma',
] as const;

export const verificationSchema = z.object({
  estado: z.enum(VERIFY_STATES),
  /** What a person reads: "Auténtico: emitido por … el …" or why it is not. */
  mensaje: z.string(),
  /** For an authentic document: what it is, who issued it, when, its code and key. */
  documento: z.enum(['resumen-denuncia', 'manifiesto-expediente']).optional(),
  organizacion: z.string().optional(),
  emitido_en: z.string().optional(),
  codigo: z.string().optional(),
  clave: z.string().optional(),
});
export type VerificationWire = z.infer<typeof verificationSchema>;

/** The largest document the API checks (base64 in JSON); larger dossiers: the page or offline. */
export const VERIFY_MAX_BYTES = 20 * 1024 * 1024;

export const verifyDocument = endpoint({
  method: 'POST',
  path: '/v1/verificar',
  tag,
  access: 'public',
  summary:
    'Verifica un documento del canal (resumen PDF o expediente ZIP, en base64): auténtico, alterado o firmado con una clave desconocida o revocada',
  body: z.object({
    documento: z.base64('El documento debe ir en base64.').min(1, 'Adjunte el documento.'),
  }),
  responses: { 200: verificationSchema, ...errors(400, 413, ...ALWAYS) },
});

export const summarySealSchema = z.object({
  /** The instant printed as "Fecha descarga" (ISO). */
  emitido_en: z.string(),
  /** The receipt signed at filing. */
  recibo: signedRecordSchema,
  /** The short code printed on the summary (from the receipt's signature). */
  codigo: z.string(),
  /** The verification page's address printed on the summary. */
  direccion: z.string(),
  /** The seal over the summary's pages, kept in the PDF. */
  sello: signedRecordSchema,
  /** What the summary is built from: the detail and files as sealed. */
  detalle: denunciaDetalleSchema,
  adjuntos: z.array(adjuntoListadoSchema),
});
export type SummarySealWire = z.infer<typeof summarySealSchema>;

export const summarySeal = endpoint({
  method: 'POST',
  path: '/v1/denuncias/:id/resumen/sello',
  tag: 'Denuncias',
  access: 'complainant',
  summary:
    'Sella el resumen PDF que el navegador arma: firma el SHA-256 de lo que dibujan sus páginas junto con el comprobante de recepción',
  headers: complainantHeaders,
  params: ticketParams,
  body: z.object({
    /** The logo's drawn proportions as the browser rasterised it; null when it draws the name. */
    logo: z.object({ ancho: z.number().positive(), alto: z.number().positive() }).nullable(),
  }),
  responses: { 200: summarySealSchema, ...errors(400, 401, 403, 404, 409, 410, ...ALWAYS) },
});

/** A hash of the audit log's Merkle tree (decision 0066): 32 bytes, base64. */
const merkleHash = z.string();

/** A signed checkpoint of the audit log (decision 0066): the note, and what it says. */
export const auditCheckpointSchema = z.object({
  /** The C2SP signed note exactly as signed: keep it in a file to check the log later. */
  texto: z.string(),
  /** How many entries the log had. */
  tamano: z.number(),
  /** The Merkle tree's root over them. */
  raiz: merkleHash,
  /** ISO instant it was signed. */
  emitido_en: z.string(),
  /** The id of the key that signed it (`GET /v1/claves-publicas`). */
  clave: z.string(),
});
export type AuditCheckpointWire = z.infer<typeof auditCheckpointSchema>;

export const auditCheckpoint = endpoint({
  method: 'GET',
  path: '/v1/auditoria/punto-de-control',
  tag,
  access: 'public',
  summary:
    'Último punto de control firmado del registro de auditoría (tamaño, raíz del árbol de Merkle, hora), en el formato de nota firmada C2SP',
  responses: { 200: auditCheckpointSchema, ...errors(404, ...ALWAYS) },
});

export const proof = { publicKeys, verifyDocument, summarySeal } as const;

/** Outside /v1 and the portal's calls. */
export const proofWellKnown = { publicKeysWellKnown } as const;

/** Public, outside the portal's calls: for auditors and their scripts (curl). */
export const auditProofPublic = { auditCheckpoint } as const;
