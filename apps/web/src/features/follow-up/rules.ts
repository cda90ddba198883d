// SPEC §4 "Upload area" and "Detail save button", as pure predicates.
import { STATUS_MISSING_DOCUMENTS, type ComplaintDetail } from '@canal/shared';

/**
 * The upload area opens when the complaint is missing documents. SPEC §4 adds "also when the
 * upload-error flag is set while the status has that value": the flag never opens it for another
 * status, and never closes it, so the person can correct the selection.
 */
export function isUploadEnabled(status: string | undefined): boolean {
  return status === STATUS_MISSING_DOCUMENTS;
}

export interface SaveState {
  comment: string;
  fileCount: number;
  loading: boolean;
  uploadError: boolean;
}

/** Nothing to send, a call under way, or an upload error still on screen. */
export function isSaveDisabled({ comment, fileCount, loading, uploadError }: SaveState): boolean {
  const nothingToSend = comment.trim() === '' && fileCount === 0;
  return nothingToSend || loading || uploadError;
}

// In a module of its own: the route's loader (app/router.tsx, first load) reads it too.
export { parseComplaintId } from './complaint-id';

/** An anonymous complaint carries no identity of the complainant (SPEC §3: those fields are null). */
export const isAnonymous = (
  detail: Pick<ComplaintDetail, 'complainantFirstName' | 'complainantLastName' | 'complainantRut'>,
) =>
  detail.complainantFirstName === null &&
  detail.complainantLastName === null &&
  detail.complainantRut === null;
