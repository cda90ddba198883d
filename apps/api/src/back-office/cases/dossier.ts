import type { Readable } from 'node:stream';
import { organizationById } from '@canal/shared';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { auditRepository } from '../../core/audit/repository';
import { replacementStore } from '../../core/complaints/replacement-store';
import { inWords } from '../audit/describe';
import { AppError } from '../../errors';
import type { PdfRenderer } from '../export/pdf-renderer';
import { zipSegment, zipStream, type ZipMember } from '../export/zip-stream';
import type { StaffUser } from '../staff/roles';
import { manifestMembers } from './dossier-manifest';
import {
  bytes,
  dossierBlocks,
  filePaths,
  when,
  WITHHELD_SUFFIX,
  type CaseView,
} from './dossier-pdf';
import { safeCopy } from './attachments';
import { readCase } from './case-view';
import { replacementRecords } from './replacement-view';
import { staffTranscript } from './transcripts';

/** The most audit entries of one case the dossier lists (a case has far fewer). */
const TRAIL_LIMIT = 100_000;

/** Where a dossier's failures are told: the request's log. */
export interface DossierLog {
  error(detail: Record<string, unknown>, message: string): void;
}

/**
 * The note that stands in the archive for a file whose safe copy could not be made (the
 * stripper refused it, or the stored file failed its integrity check): the dossier is still
 * complete, and says which file is missing and why. The reason a person reads is the error's
 * Spanish message when it is one of ours, else a neutral one.
 */
function withheldNote(file: CaseView['archivos'][number], path: string, error: unknown) {
  const reason =
    error instanceof AppError
      ? error.message
      : 'No fue posible preparar la copia del archivo sin sus metadatos.';
  const text = [
    'Este archivo del caso no se incluyó en el expediente.',
    '',
    `Archivo: ${file.nombre}`,
    `Fecha: ${when(file.fecha)}`,
    `Tamaño: ${bytes(file.tamano)}`,
    `Ubicación prevista en el archivo ZIP: ${path}`,
    `Motivo: ${reason}`,
    '',
    'Puede intentar descargarlo desde la ficha del caso o avisar al equipo a cargo del canal.',
    '',
  ].join('\r\n');
  return { name: `${path}${WITHHELD_SUFFIX}`, content: new TextEncoder().encode(text) };
}

/**
 * The case dossier for the Dirección del Trabajo or a court (decision 0018): one ZIP with a PDF of
 * the case as staff see it (anonymity kept exactly as in the case view), its logs, milestones and
 * audit trail, and the case's files as the safe copies staff download — streamed one after the
 * other. Whoever may see the case may take it (else 404); taking it is audited first.
 *
 * The PDF is made by `pdf` off the event loop, within its limits of time, memory and size
 * (decision 0029): past one, the request fails before any byte is sent (DOCUMENT_LIMIT, or BUSY
 * when too many wait). A file whose safe copy cannot be made, before or during its transfer, is
 * replaced by a note saying so (`withheldNote`) and logged; the rest of the dossier is unchanged.
 */
export async function caseDossier(
  services: Services,
  user: StaffUser,
  id: number,
  parts: { pdf: PdfRenderer; log: DossierLog },
  now = new Date(),
): Promise<{ name: string; body: Readable }> {
  const { answer, row, key, files } = await readCase(services, user, id, now);
  await appendAudit(services, services.db, {
    actorId: user.id,
    action: 'caso.expediente',
    complaintId: id,
    detail: { archivos: files.length },
  });
  const { rows } = await auditRepository.page(services.db, TRAIL_LIMIT, 0, { complaintId: id });
  const trail = await inWords(services.db, rows.reverse());
  const requests = replacementRecords(
    services,
    user,
    await replacementStore.all(services.db, id),
    key,
  );
  const transcript = await staffTranscript(services, id, key, files);
  const pdf = await parts.pdf.render(
    {
      title: `Expediente del caso ${answer.caso.numero}`,
      footer: `Expediente del caso ${answer.caso.numero}`,
    },
    dossierBlocks(answer, trail, requests, transcript, row.is_anonymous, user.name, now),
    now,
  );
  const base = `expediente-${zipSegment(answer.caso.numero)}`;
  const paths = filePaths(answer);
  const members: ZipMember[] = [
    { name: `${base}.pdf`, content: pdf },
    ...files.map((f, i) => ({
      name: paths[i]!,
      content: async () => (await safeCopy(services, f, key)).body,
      instead: (error: unknown) => {
        const integrity = error instanceof AppError && error.code === 'FILE_INTEGRITY';
        parts.log.error(
          { err: error, integrity, complaintId: id, fileId: f.id },
          integrity
            ? 'archivo almacenado alterado o incompleto: no incluido en el expediente'
            : 'archivo no incluido en el expediente: no fue posible preparar su copia',
        );
        return withheldNote(answer.archivos[i]!, paths[i]!, error);
      },
    })),
  ];
  // Closed by its signed manifest once every member is written (decision 0052).
  const org = organizationById(row.organization_id);
  return {
    name: `${base}.zip`,
    body: zipStream(members, now, (held) =>
      manifestMembers(services.signer, {
        org,
        caseNumber: answer.caso.numero,
        user,
        at: now,
        held,
      }),
    ),
  };
}
