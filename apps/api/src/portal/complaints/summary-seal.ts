import {
  fromAdjuntoListado,
  fromDenunciaDetalle,
  webPaths,
  webUrl,
  type Organization,
} from '@canal/shared';
import type { SummarySealWire } from '@canal/shared/contract';
import {
  RECORD_TYPES,
  signedRecordSchema,
  verificationCode,
  type SummaryRecord,
} from '@canal/shared/proof';
import { summaryContentSha256 } from '@canal/shared/proof/document';
import { buildSummaryPdf } from '@canal/shared/summary';
import type { ComplaintRow } from '../../core/complaints/repository';
import { issuerOf, signRecord } from '../../core/proof/sign';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { listAttachments, readComplaintDetail } from './read-complaint';

/** A 1×1 PNG drawn where the browser draws the logo: only its place is part of the pages. */
const PLACEHOLDER_LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * The seal of the PDF summary the browser builds (decision 0051): the server lays out the same
 * summary from the same detail and files, hashes what its pages draw and signs that with the
 * filing receipt. The browser builds from the detail and files answered here, at the instant
 * answered, so its pages are these.
 */
export async function sealSummary(
  services: Services,
  fileLinkSecret: Buffer,
  org: Organization,
  row: ComplaintRow,
  logo: { ancho: number; alto: number } | null,
): Promise<SummarySealWire> {
  if (row.receipt === null) throw new AppError('RECEIPT_UNAVAILABLE');
  const recibo = signedRecordSchema.parse(JSON.parse(row.receipt));
  const [detalle, adjuntos] = await Promise.all([
    readComplaintDetail(services, row),
    listAttachments(services, fileLinkSecret, row),
  ]);
  const now = new Date();
  const codigo = await verificationCode(recibo.firma);
  const direccion = webUrl(services.config.publicUrl, webPaths.verifyDocument());
  const pdf = await buildSummaryPdf(
    fromDenunciaDetalle(detalle),
    adjuntos.map(fromAdjuntoListado),
    org,
    now,
    logo && { dataUrl: PLACEHOLDER_LOGO, width: logo.ancho, height: logo.alto },
    { code: codigo, address: direccion },
  );
  const content = await summaryContentSha256(pdf);
  // The writer's own pages always pass its check; anything else is a bug, never a null seal.
  if (content === null) throw new Error('El resumen no pasa su propia verificación.');
  const record: SummaryRecord = {
    tipo: RECORD_TYPES.summary,
    version: 1,
    organizacion: issuerOf(org),
    codigo: row.ticket,
    emitido_en: now.toISOString(),
    contenido_sha256: content,
    recibo,
  };
  return {
    emitido_en: record.emitido_en,
    recibo,
    codigo,
    direccion,
    sello: signRecord(services.signer, record),
    detalle,
    adjuntos,
  };
}
