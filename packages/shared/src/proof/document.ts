// Checks a document the channel issued, from its bytes (decisions 0050–0052): a PDF summary by its
// seal and what its pages draw, a dossier ZIP by its manifest and every member's SHA-256. The same code runs
// in the portal's page (nothing is uploaded), in the API and in tests. Loads pdf-lib and fflate:
// import it only where a document is checked.
import { unzipSync } from 'fflate';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
  type PDFPageLeaf,
} from 'pdf-lib';
import { formatDisplayDateTime } from '../dates';
import type { VerificationWire } from '../contract/proof';
import {
  bytesToBase64,
  hex,
  sha256,
  signedRecordSchema,
  type PublicKeyWire,
  type SignedRecord,
} from './envelope';
import {
  MANIFEST_KEY_NAME,
  MANIFEST_NAME,
  MANIFEST_SIGNATURE_NAME,
  PDF_SEAL_KEY,
  RECORD_TYPES,
  type ManifestRecord,
  type SummaryRecord,
} from './records';
import { checkSignedRecord, type NotAuthentic } from './verify';

export const NOT_AUTHENTIC_MESSAGES: Record<NotAuthentic, string> = {
  alterado: 'Alterado: el documento no coincide con lo que el canal firmó.',
  'clave-desconocida':
    'No verificable: está firmado con una clave que el canal no publica (clave desconocida).',
  'clave-revocada': 'No válido: está firmado con una clave que el canal revocó.',
  'sin-firma': 'Sin firma: no es un resumen PDF ni un expediente ZIP firmado por el canal.',
};

const notAuthentic = (estado: NotAuthentic): VerificationWire => ({
  estado,
  mensaje: NOT_AUTHENTIC_MESSAGES[estado],
});

const FONTS = new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique']);

/** A page draws only what the document writer draws: its standard fonts, one image, no annotations. */
function writerResources(page: PDFPageLeaf): boolean {
  // pdf-lib writes an empty /Annots: any annotation in it is not the writer's.
  if ((page.lookupMaybe(PDFName.of('Annots'), PDFArray)?.size() ?? 0) > 0) return false;
  if (page.get(PDFName.of('Annots')) && !page.lookupMaybe(PDFName.of('Annots'), PDFArray))
    return false;
  const resources = page.Resources();
  if (!resources) return false;
  const fonts = resources.lookupMaybe(PDFName.of('Font'), PDFDict);
  for (const [, ref] of fonts?.entries() ?? []) {
    const font = page.context.lookup(ref);
    if (!(font instanceof PDFDict)) return false;
    const base = font.get(PDFName.of('BaseFont'));
    if (font.get(PDFName.of('Subtype')) !== PDFName.of('Type1')) return false;
    if (!(base instanceof PDFName) || !FONTS.has(base.decodeText())) return false;
    if (font.get(PDFName.of('Encoding')) !== PDFName.of('WinAnsiEncoding')) return false;
  }
  const objects = resources.lookupMaybe(PDFName.of('XObject'), PDFDict);
  const images = objects?.entries() ?? [];
  if (images.length > 1) return false;
  return images.every(([, ref]) => {
    const image = page.context.lookup(ref);
    return (
      image instanceof PDFRawStream && image.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')
    );
  });
}

/**
 * The SHA-256 (hex) of what a PDF summary's pages draw (decision 0051): each page's content
 * streams, inflated, in order, pages separated by a form feed (0x0C). Null when a page holds more
 * than the document writer puts there (another font, a form, an annotation): that is an alteration.
 */
export async function summaryContentSha256(pdf: Uint8Array): Promise<string | null> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const parts: Uint8Array[] = [];
  for (const [i, page] of doc.getPages().entries()) {
    if (!writerResources(page.node)) return null;
    if (i > 0) parts.push(Uint8Array.of(0x0c));
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray
        ? contents.asArray().map((ref) => doc.context.lookup(ref))
        : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) return null;
      parts.push(decodePDFRawStream(stream).decode());
    }
  }
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return hex(await sha256(all));
}

/** Whether `bytes` are a document the channel issued, unaltered, under a key it publishes. */
export async function verifyDocumentBytes(
  bytes: Uint8Array,
  keys: readonly PublicKeyWire[],
): Promise<VerificationWire> {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 5));
  try {
    if (head === '%PDF-') return await verifyPdf(bytes, keys);
    if (head.startsWith('PK\u0003\u0004')) return await verifyZip(bytes, keys);
  } catch {
    // Bytes that no longer read as what they claim to be were altered.
    return notAuthentic('alterado');
  }
  return notAuthentic('sin-firma');
}

function authentic(
  document: 'resumen-denuncia' | 'manifiesto-expediente',
  organization: string,
  issuedAt: string,
  code: string,
  key: string,
): VerificationWire {
  return {
    estado: 'autentico',
    mensaje: `Auténtico: emitido por ${organization} el ${formatDisplayDateTime(new Date(issuedAt))}.`,
    documento: document,
    organizacion: organization,
    emitido_en: issuedAt,
    codigo: code,
    clave: key,
  };
}

function sealOf(doc: PDFDocument): SignedRecord | null {
  const info = doc.context.lookup(doc.context.trailerInfo.Info);
  if (!(info instanceof PDFDict)) return null;
  const value = info.get(PDFName.of(PDF_SEAL_KEY));
  if (!(value instanceof PDFHexString || value instanceof PDFString)) return null;
  const parsed = signedRecordSchema.safeParse(JSON.parse(value.decodeText()));
  return parsed.success ? parsed.data : null;
}

async function verifyPdf(bytes: Uint8Array, keys: readonly PublicKeyWire[]) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const seal = sealOf(doc);
  if (!seal) return notAuthentic('sin-firma');
  const checked = await checkSignedRecord(seal, keys);
  if (!checked.ok) return notAuthentic(checked.reason);
  const record = checked.record as unknown as SummaryRecord;
  if (record.tipo !== RECORD_TYPES.summary) return notAuthentic('alterado');
  // The receipt it carries was signed at filing, perhaps under an older key.
  const receipt = await checkSignedRecord(record.recibo, keys);
  if (!receipt.ok) return notAuthentic(receipt.reason);
  const content = await summaryContentSha256(bytes);
  if (content === null || content !== record.contenido_sha256) return notAuthentic('alterado');
  return authentic(
    'resumen-denuncia',
    record.organizacion.nombre,
    record.emitido_en,
    receipt.code,
    seal.clave,
  );
}

async function verifyZip(bytes: Uint8Array, keys: readonly PublicKeyWire[]) {
  const members = unzipSync(bytes);
  const json = members[MANIFEST_NAME];
  const signature = members[MANIFEST_SIGNATURE_NAME];
  const keyId = members[MANIFEST_KEY_NAME];
  if (!json || !signature || !keyId) return notAuthentic('sin-firma');
  const envelope = signedRecordSchema.safeParse({
    registro: new TextDecoder('utf-8', { fatal: true }).decode(json),
    firma: bytesToBase64(signature),
    clave: new TextDecoder().decode(keyId).trim(),
  });
  if (!envelope.success) return notAuthentic('alterado');
  const checked = await checkSignedRecord(envelope.data, keys);
  if (!checked.ok) return notAuthentic(checked.reason);
  const record = checked.record as unknown as ManifestRecord;
  if (record.tipo !== RECORD_TYPES.manifest) return notAuthentic('alterado');
  const listed = new Set(record.archivos.map((f) => f.nombre));
  const own = new Set([MANIFEST_NAME, MANIFEST_SIGNATURE_NAME, MANIFEST_KEY_NAME]);
  // A member added to the archive, or one taken out, is an alteration too.
  if (Object.keys(members).some((name) => !own.has(name) && !listed.has(name)))
    return notAuthentic('alterado');
  for (const file of record.archivos) {
    const content = members[file.nombre];
    if (!content || content.length !== file.bytes || hex(await sha256(content)) !== file.sha256)
      return notAuthentic('alterado');
  }
  return authentic(
    'manifiesto-expediente',
    record.organizacion.nombre,
    record.exportado_en,
    checked.code,
    envelope.data.clave,
  );
}
