import {
  formatDisplayDateTime,
  formatFileSize,
  orDash,
  type ComplaintDetail,
  type LogEntry,
} from '@canal/shared';
import type { ReactNode } from 'react';
import { ClampedText } from './ClampedText';
import {
  complainantFields,
  complaintFields,
  DESCRIPTION_LABEL,
} from '@canal/shared/summary/fields';
import { attachmentDisplayName } from '@canal/shared/summary/file-names';
import { FieldList, Section } from './Section';
import type { DetailFile } from './types';

export function ComplainantBlock({
  detail,
  action,
}: {
  detail: ComplaintDetail;
  action: ReactNode;
}) {
  return (
    <Section title="Información del denunciante" action={action}>
      <FieldList fields={complainantFields(detail)} />
    </Section>
  );
}

export function ComplaintBlock({ detail }: { detail: ComplaintDetail }) {
  return (
    <Section title="Información de la denuncia">
      <FieldList fields={complaintFields(detail)} />
      <div className="mt-4">
        <h3 className="text-sm font-semibold text-gray-600">{DESCRIPTION_LABEL}</h3>
        <ClampedText text={orDash(detail.description)} />
      </div>
    </Section>
  );
}

export function FilesBlock({
  files,
  loading,
  failed,
}: {
  files: DetailFile[];
  loading: boolean;
  failed: boolean;
}) {
  let content: ReactNode;
  if (loading) content = <p className="text-gray-600">Cargando archivos...</p>;
  else if (failed)
    content = (
      <p className="text-gray-600">
        No fue posible cargar los archivos. Intente nuevamente más tarde.
      </p>
    );
  else if (files.length === 0)
    content = <p className="text-gray-600">La denuncia no tiene archivos adjuntos.</p>;
  else
    content = (
      <ul className="divide-y divide-gray-200">
        {files.map((file, index) => {
          const name = attachmentDisplayName(index, file.mimetype);
          return (
            <li key={file.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <a
                href={file.path}
                download={name}
                className="font-semibold break-all text-primary underline hover:no-underline"
              >
                {name}
              </a>
              <span className="text-sm text-gray-600">
                {file.fromTeam ? 'Enviado por el equipo de investigación · ' : ''}
                {formatFileSize(file.size)}
              </span>
            </li>
          );
        })}
      </ul>
    );
  return <Section title="Archivos adjuntos">{content}</Section>;
}

/**
 * Under the complainant's last message: whether the team read it and when (never who; decision
 * 0022).
 */
export function teamReadLine(readAt: string | null): string {
  return readAt === null
    ? 'Aún no leído por el equipo'
    : `Leído por el equipo el ${formatDisplayDateTime(readAt, { spreadsheet: true })}`;
}

export function LogBlock({
  entries,
  teamRead = null,
}: {
  entries: LogEntry[];
  teamRead?: ComplaintDetail['teamRead'];
}) {
  return (
    <Section title="Bitácora">
      {entries.length === 0 ? (
        <p className="text-gray-600">La denuncia aún no tiene registros en su bitácora.</p>
      ) : (
        <ol className="space-y-3">
          {entries.map((entry, index) => (
            <li key={`${entry.creationDate}-${index}`} className="rounded-md bg-light p-3">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="font-semibold">{orDash(entry.event)}</p>
                <p className="text-sm text-gray-700">
                  {orDash(formatDisplayDateTime(entry.creationDate))}
                </p>
              </div>
              <p className="mt-1 break-words whitespace-pre-wrap">{orDash(entry.comment)}</p>
              {teamRead?.entryIndex === index && (
                <p className="mt-2 text-sm text-gray-700">{teamReadLine(teamRead.readAt)}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
