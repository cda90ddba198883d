// Front-side shapes of SPEC §3 (English names). Wire shapes are in ./wire.

/** The new-complaint form once valid (files are kept apart). */
export interface ComplaintForm {
  anonymous: boolean;
  canIdentify: number;
  complainantContactNumber?: string;
  complainantFirstName?: string;
  /** Paternal surname. */
  complainantLastName?: string;
  /** Maternal surname (optional). */
  complainantMiddleName?: string;
  complainantRut?: string;
  /** The complaint type id (26, 27, 28 cannot be anonymous). */
  crimeId: number;
  description: string;
  knowledgeSource: number;
  /** dd/mm/yyyy */
  occurrenceDate: string;
  /** A place id, or -1 for "Otro". */
  occurrencePlace: number;
  occurrenceZone: number;
  otherPlace?: string;
  relationshipWithOrganization: number;
  // Law 21.643 types only (26–28), optional (decision 0021).
  accusedName?: string;
  accusedPosition?: string;
  /** The accused is the employer's manager or legal representative. */
  accusedIsManager?: boolean;
  /** Filed on someone else's behalf. */
  onBehalfOfAnother?: boolean;
  /** The basis of that representation (required when `onBehalfOfAnother`). */
  representationBasis?: string;
}

/** Added by the save modal. */
export interface TicketInfo {
  email: string;
  password: string;
}

/** A log entry; `creationDate` stays ISO 8601 (display it with formatDisplayDateTime). */
export interface LogEntry {
  event: string | null;
  creationDate: string;
  comment: string | null;
  user: string | null;
}

/**
 * A complaint as the detail page shows it. Dates stay in the API format dd/mm/yyyy (display them
 * with formatDisplayDate); null means "not given" (shown as "-").
 */
export interface ComplaintDetail {
  id: number;
  code: number;
  status: string;
  canIdentify: string | null;
  occurrenceDate: string;
  createdAt: string;
  description: string;
  complainantEmail: string | null;
  complainantContactNumber: string | null;
  complainantFirstName: string | null;
  complainantMiddleName: string | null;
  complainantLastName: string | null;
  complainantRut: string | null;
  zone: string | null;
  place: string | null;
  otherPlace: string | null;
  type: string | null;
  subType: string | null;
  knowledgeType: string | null;
  relationshipWithOrganization: string | null;
  responseDate: string | null;
  binnacle: LogEntry[];
  /** Addition (decision 0022): the request to replace the investigator awaiting an answer. */
  replacementRequest: { sentAt: string } | null;
  /**
   * Addition (decision 0022): the complainant's last message (its index in `binnacle`) and when
   * the team read it (ISO instant, null: not yet); null when they wrote none.
   */
  teamRead: { entryIndex: number; readAt: string | null } | null;
  /** Addition (decision 0061): what the summary at the top of the page says. */
  summary: {
    /** ISO instant of the previous sign-in; null on the first. */
    previousVisit: string | null;
    /** yyyy-mm-dd: while documents are missing, the day to send them by. */
    documentsBy: string | null;
    /** yyyy-mm-dd: Law 21.643's decision and investigation due days (types 26–28). */
    law21643: { decisionBy: string; investigationBy: string } | null;
  };
}

export interface Crime {
  id: number;
  title: string;
  description: string;
  group?: string;
}

export interface Category {
  id: number;
  title: string;
  crimes: Crime[];
}

export interface ComplaintFile {
  id: string;
  path: string;
  mimetype: string;
  name: string;
}

/** Front side of the file/log upload; the files travel as separate parts. */
export interface UploadBitacora {
  id: number;
  comment: string;
  /** The complainant's e-mail. */
  user: string;
  /** Finished resumable uploads (their tus ids) that join the complaint with this entry. */
  uploads?: string[];
}

/** Shown for a missing optional value. */
export const MISSING_VALUE = '-';

/** The value, or "-" when it is null, undefined or blank. */
export function orDash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return MISSING_VALUE;
  const text = String(value);
  return text.trim() === '' ? MISSING_VALUE : text;
}
