import { renderToStaticMarkup } from 'react-dom/server';
import type { MailBrand, MailMessage, RenderedMail } from './types';
import type { MailContent, OrgNames } from './content';
import { EmailDocument } from './components';
import { palette } from './colors';
import { orgNames } from './format';
import { renderText } from './text';
import { confirmation } from './messages/confirmation';
import { codeRecovery } from './messages/code-recovery';
import { passwordReset } from './messages/password-reset';
import { emailChange } from './messages/email-change';
import { complainantUpdate } from './messages/complainant-update';
import { breachNotice } from './messages/breach-notice';
import { staffNewActivity } from './messages/staff-new-activity';
import { staffNewComplaint } from './messages/staff-new-complaint';
import { staffDeadlines } from './messages/staff-deadlines';
import { staffInvitation } from './messages/staff-invitation';
import { staffNewDevice } from './messages/staff-new-device';
import { staffPasskeysReset } from './messages/staff-passkeys-reset';
import { staffAdminDigest, staffAuditCheckpoint, staffMailFailed } from './messages/staff-admin';

/*
 * Each builder reads only the fields its kind declares, so a caller that passes a wider object
 * (a whole complaint row, say) still cannot put a description, a name or a password in a mail.
 */
function content(message: MailMessage, org: OrgNames): MailContent {
  switch (message.kind) {
    case 'confirmation':
      return confirmation(message, org);
    case 'code-recovery':
      return codeRecovery(message, org);
    case 'password-reset':
      return passwordReset(message, org);
    case 'email-change':
      return emailChange(message, org);
    case 'complainant-update':
      return complainantUpdate(message, org);
    case 'breach-notice':
      return breachNotice(message, org);
    case 'staff-new-activity':
      return staffNewActivity(message, org);
    case 'staff-new-complaint':
      return staffNewComplaint(message, org);
    case 'staff-deadlines':
      return staffDeadlines(message, org);
    case 'staff-invitation':
      return staffInvitation(message, org);
    case 'staff-new-device':
      return staffNewDevice(message, org);
    case 'staff-passkeys-reset':
      return staffPasskeysReset(message, org);
    case 'staff-admin-digest':
      return staffAdminDigest(message, org);
    case 'staff-mail-failed':
      return staffMailFailed(message, org);
    case 'staff-audit-checkpoint':
      return staffAuditCheckpoint(message, org);
    default: {
      const unknown: never = message;
      throw new TypeError(
        `renderMail: unknown kind ${String((unknown as { kind?: unknown }).kind)}`,
      );
    }
  }
}

/**
 * Subject, HTML and plain text of one e-mail. Throws on a contract breach (a non-http link, an
 * invalid ticket or date, an empty list): such a message is a bug, not something to retry.
 */
export function renderMail(message: MailMessage, brand: MailBrand): RenderedMail {
  const org = orgNames(brand);
  const mail = content(message, org);
  const html =
    '<!DOCTYPE html>' +
    renderToStaticMarkup(<EmailDocument content={mail} org={org} colors={palette(brand)} />);
  return { subject: mail.subject, html, text: renderText(mail, org) };
}
