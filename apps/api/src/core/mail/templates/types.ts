/** The organisation an e-mail speaks for, as the brand registry describes it. */
export interface MailBrand {
  name: string;
  nameWithArticle: string;
  primaryColor: string;
  textColor: string;
  backgroundColor: string;
}

export type MailMessage =
  | { kind: 'confirmation'; ticket: number; createdAt: Date; portalUrl: string }
  | { kind: 'code-recovery'; complaints: { ticket: number; createdAt: Date }[]; portalUrl: string }
  | { kind: 'password-reset'; ticket: number; resetUrl: string; expiresMinutes: number }
  /** Law 21.719: to the new contact address, which takes effect once the link is opened. */
  | { kind: 'email-change'; ticket: number; confirmUrl: string; expiresHours: number }
  | { kind: 'complainant-update'; ticket: number; status: string; portalUrl: string }
  /** A security incident may have reached the complaint's data (Law 21.719, issue 19). */
  | { kind: 'breach-notice'; ticket: number; portalUrl: string }
  | {
      kind: 'staff-new-activity';
      caseNumber: string;
      activity:
        | 'comentario'
        | 'comentario_cierre'
        | 'archivos'
        | 'solicitud_reemplazo'
        | 'represalias'
        | 'transcripcion';
      backOfficeUrl: string;
    }
  | {
      kind: 'staff-new-complaint';
      caseNumber: string;
      /** Law 21.643: the day protective measures are due ('yyyy-mm-dd', the day of receipt). */
      protectiveMeasuresDue: string | null;
      backOfficeUrl: string;
    }
  | {
      kind: 'staff-deadlines';
      items: { caseNumber: string; milestone: string; dueDate: string; overdue: boolean }[];
      backOfficeUrl: string;
    }
  | { kind: 'staff-invitation'; name: string; inviteUrl: string; expiresHours: number }
  /** A sign-in from a device the person had not used (issue 24): browser and system only. */
  | { kind: 'staff-new-device'; device: string; sessionsUrl: string }
  /** An administrator reset the person's passkeys (decision 0076): where to sign in again. */
  | { kind: 'staff-passkeys-reset'; signInUrl: string }
  | {
      kind: 'staff-admin-digest';
      auditHead: { id: number; hash: string } | null;
      failedMails: number;
      /** Data-protection requests still unanswered, and those past their legal period. */
      dataRequests?: { open: number; overdue: number };
      backOfficeUrl: string;
    }
  | { kind: 'staff-mail-failed'; mailKind: string; attempts: number; backOfficeUrl: string }
  /**
   * A signed checkpoint of the audit log (decision 0066), to the organisation's auditors, who keep
   * it as witnesses outside the deployment: the note as issued, its size and instant (ISO).
   */
  | { kind: 'staff-audit-checkpoint'; checkpoint: string; size: number; issuedAt: string };

export type MailKind = MailMessage['kind'];
export type MailMessageOf<K extends MailKind> = Extract<MailMessage, { kind: K }>;

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}
