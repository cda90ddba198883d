import { organizationById, portalUrlOf, webPaths } from '@canal/shared';
import { openField, sealField, type SealedFieldName } from '../../crypto/sealed-field';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { Services } from '../../core/services';
import { appendAudit } from '../../core/audit/audit-log';
import { complaintsRepository as repo, type ComplaintRow } from '../../core/complaints/repository';
import { complaintStore } from '../../core/complaints/complaint-store';
import { complaintSearchIndexes, normalizeEmail } from '../../core/complaints/search-index';
import { LOG_EVENTS, systemEntry } from '../../core/complaints/complaint-log';
import { newOpaqueToken, tokenDigest } from '../../core/tokens/opaque-token';
import { emailChangeStore } from './email-change-store';

/** How long the link mailed to a new contact address works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;

interface Complainant {
  rut: string;
  fono: string;
  email: string | null;
  [field: string]: unknown;
}

const at = (row: { id: number }, field: SealedFieldName) => ({ complaintId: row.id, field });

function contactOf(services: Services, row: ComplaintRow) {
  const key = services.keyring.unwrapDataKey(row.data_key);
  const email =
    row.contact_email_enc === null
      ? null
      : openField(key, row.contact_email_enc, at(row, 'complaints.contact_email'));
  const complainant =
    row.complainant_enc === null
      ? null
      : (JSON.parse(
          openField(key, row.complainant_enc, at(row, 'complaints.complainant')),
        ) as Complainant);
  return { key, email, complainant };
}

/**
 * Rectification, e-mail (Law 21.719): the new address gets a single-use link valid 24 hours; the
 * address on the case changes only when it is opened, so a typo or someone else's address changes
 * nothing and the notices keep reaching the old one meanwhile. A newer request ends an older link.
 */
export async function requestEmailChange(
  services: Services,
  row: ComplaintRow,
  email: string,
): Promise<void> {
  const { key, email: current } = contactOf(services, row);
  const next = email.trim();
  if (current !== null && normalizeEmail(current) === normalizeEmail(next))
    throw new AppError('SAME_CONTACT');
  const { token, digest } = newOpaqueToken();
  const org = organizationById(row.organization_id);
  await services.db.transaction(async (tx) => {
    await emailChangeStore.insert(tx, {
      tokenHash: digest,
      complaintId: row.id,
      emailEnc: sealField(key, next, at(row, 'email_changes.email')),
      hours: EMAIL_CHANGE_LINK_HOURS,
    });
    await services.outbox.enqueue(tx, {
      to: next,
      organizationId: row.organization_id,
      complaintId: row.id,
      message: {
        kind: 'email-change',
        ticket: row.ticket,
        confirmUrl: portalUrlOf(
          org,
          services.config.publicUrl,
          services.config.PORTAL_HOST_PREFIX,
          webPaths.confirmEmail(token),
        ),
        expiresHours: EMAIL_CHANGE_LINK_HOURS,
      },
    });
  });
}

/**
 * The link was opened: the sealed address, the complainant's own copy of it, and both blind
 * indexes change together (the recovery index, and the staff search's unless the complaint is
 * anonymous), with a visible log entry and an audit row. The link works once.
 */
export async function confirmEmailChange(
  services: Services,
  token: string,
): Promise<{ ticket: number }> {
  return services.db.transaction(async (tx) => {
    const change = await emailChangeStore.use(tx, tokenDigest(token));
    if (change === null) throw new AppError('LINK_INVALID');
    const row = (await repo.findById(tx, change.complaint_id))!;
    const { key, complainant } = contactOf(services, row);
    const email = openField(key, change.email_enc, at(row, 'email_changes.email'));
    await saveContact(services, tx, row, complainant && { ...complainant, email }, email);
    await recordChange(services, tx, row, LOG_EVENTS.emailChanged, 'correo');
    return { ticket: row.ticket };
  });
}

/** Rectification, phone: an identified complaint's contact number (an anonymous one has none). */
export async function changePhone(
  services: Services,
  row: ComplaintRow,
  phone: string,
): Promise<void> {
  const { email, complainant } = contactOf(services, row);
  if (complainant === null) throw new AppError('NO_CONTACT_NUMBER');
  if (complainant.fono === phone) throw new AppError('SAME_CONTACT');
  await services.db.transaction(async (tx) => {
    await saveContact(services, tx, row, { ...complainant, fono: phone }, email);
    await recordChange(services, tx, row, LOG_EVENTS.phoneChanged, 'telefono');
  });
}

async function saveContact(
  services: Services,
  tx: Db,
  row: ComplaintRow,
  complainant: Complainant | null,
  email: string | null,
): Promise<void> {
  const { keyring } = services;
  const key = keyring.unwrapDataKey(row.data_key);
  await complaintStore.setContact(tx, row.id, {
    complainant_enc:
      complainant === null
        ? null
        : sealField(key, JSON.stringify(complainant), at(row, 'complaints.complainant')),
    contact_email_enc:
      email === null ? null : sealField(key, email, at(row, 'complaints.contact_email')),
    // The same normalisation as at filing (`createComplaint`).
    email_index: email === null ? null : keyring.blindIndex(email.trim().toLowerCase()),
    email_search: complaintSearchIndexes(keyring, {
      anonymous: row.is_anonymous,
      rut: null,
      email,
      accusedName: null,
    }).email_search,
  });
}

async function recordChange(
  services: Services,
  tx: Db,
  row: ComplaintRow,
  event: string,
  what: 'correo' | 'telefono',
): Promise<void> {
  await complaintStore.appendLog(tx, systemEntry(row.id, event, true));
  await appendAudit(services, tx, {
    actorId: null,
    action: 'caso.contacto_corregido',
    complaintId: row.id,
    detail: { dato: what },
  });
}
