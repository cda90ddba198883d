import type { MailMessageOf } from '../types';
import { p, strong, type MailContent, type OrgNames } from '../content';
import { SUBJECT_PREFIX, absoluteUrl, clean, formatDate } from '../format';
import { staffFooter } from './footer';

const HASH = /^[0-9a-f]{64}$/;

/** Law 21.719: the requests about personal data still to answer, with their legal periods. */
function dataRequestLines(counts: { open: number; overdue: number } | undefined) {
  if (!counts || counts.open === 0) return [];
  const { open, overdue } = counts;
  if (![open, overdue].every((n) => Number.isSafeInteger(n) && n >= 0))
    throw new RangeError('renderMail: invalid data request counts');
  return [
    p(
      `${open} ${open === 1 ? 'solicitud sobre datos personales está' : 'solicitudes sobre datos personales están'} por responder`,
      ...(overdue > 0
        ? [', ', strong(`${overdue} ${overdue === 1 ? 'vencida' : 'vencidas'}`, 'alert')]
        : []),
      '. Revíselas en el registro de solicitudes.',
    ),
  ];
}

/**
 * The administrators' daily mail: the audit log's head (last id and hash), anchored outside the
 * database by being mailed, and how many messages the outbox gave up on. No case data.
 */
export function staffAdminDigest(
  message: MailMessageOf<'staff-admin-digest'>,
  org: OrgNames,
): MailContent {
  const backOfficeUrl = absoluteUrl(message.backOfficeUrl, 'backOfficeUrl');
  const head = message.auditHead;
  if (head && (!Number.isSafeInteger(head.id) || !HASH.test(head.hash)))
    throw new RangeError('renderMail: invalid audit head');
  const failed = message.failedMails;
  if (!Number.isSafeInteger(failed) || failed < 0)
    throw new RangeError('renderMail: invalid failed mail count');
  return {
    subject: `${SUBJECT_PREFIX} Resumen diario de administración`,
    preheader: 'Estado del registro de auditoría y de los correos.',
    heading: 'Resumen diario de administración',
    blocks: [
      p('Hola:'),
      head
        ? p(
            'La última entrada del registro de auditoría es la ',
            strong(String(head.id)),
            ', con hash ',
            strong(head.hash),
            '. Guarde este correo: si la verificación del registro no coincide con él, el registro fue alterado.',
          )
        : p('El registro de auditoría aún no tiene entradas.'),
      failed > 0
        ? p(
            strong(
              `${failed} ${failed === 1 ? 'correo no se pudo entregar' : 'correos no se pudieron entregar'}`,
              'alert',
            ),
            ' después de todos los intentos. Revíselos en la gestión de casos.',
          )
        : p('No hay correos sin entregar.'),
      ...dataRequestLines(message.dataRequests),
      { type: 'button', label: 'Abrir la gestión de casos', href: backOfficeUrl },
    ],
    footer: staffFooter(org),
  };
}

/** Tells administrators that a message was given up after its last attempt (kind only, no recipient). */
export function staffMailFailed(
  message: MailMessageOf<'staff-mail-failed'>,
  org: OrgNames,
): MailContent {
  const backOfficeUrl = absoluteUrl(message.backOfficeUrl, 'backOfficeUrl');
  const kind = clean(message.mailKind);
  return {
    subject: `${SUBJECT_PREFIX} Un correo no se pudo entregar`,
    preheader: 'El canal dejó de intentar enviar un correo.',
    heading: 'Un correo no se pudo entregar',
    blocks: [
      p('Hola:'),
      p(
        'Un correo del tipo ',
        strong(kind),
        ` no se pudo entregar después de ${message.attempts} intentos y no se volverá a intentar.`,
      ),
      p(
        'Por confidencialidad, este correo no indica el destinatario. Revise la lista de correos ' +
          'fallidos en la gestión de casos.',
      ),
      { type: 'button', label: 'Ver correos fallidos', href: backOfficeUrl },
    ],
    footer: staffFooter(org),
  };
}

const CHECKPOINT = /^[\x20-\x7e\u2014\n]{1,2000}$/;

/**
 * A signed checkpoint of the audit log to an auditor (decision 0066): the note itself, to keep
 * outside the deployment and check later with `npm run audit:verify -- --checkpoint`. Neutral:
 * no case, no person.
 */
export function staffAuditCheckpoint(
  message: MailMessageOf<'staff-audit-checkpoint'>,
  org: OrgNames,
): MailContent {
  if (!CHECKPOINT.test(message.checkpoint)) throw new RangeError('renderMail: invalid checkpoint');
  if (!Number.isSafeInteger(message.size) || message.size < 0)
    throw new RangeError('renderMail: invalid checkpoint size');
  return {
    subject: `${SUBJECT_PREFIX} Punto de control del registro de auditoría`,
    preheader: `El registro de auditoría tenía ${message.size} entradas.`,
    heading: 'Punto de control del registro de auditoría',
    blocks: [
      p('Hola:'),
      p(
        'El canal firmó este punto de control de su registro de auditoría el ',
        strong(formatDate(new Date(message.issuedAt))),
        ': el registro tenía ',
        strong(String(message.size)),
        ' entradas. Guarde este correo (o el texto de abajo en un archivo) fuera del canal.',
      ),
      { type: 'code', label: 'Punto de control firmado', code: message.checkpoint },
      p(
        'Con él, cualquier verificación posterior (npm run audit:verify -- --checkpoint ' +
          '<archivo>) detecta que se borraron o reescribieron entradas, o que se restauró un ' +
          'respaldo anterior; vea la documentación de operación.',
      ),
    ],
    footer: staffFooter(org),
  };
}
