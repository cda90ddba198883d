import { contract, fillPath, type AnswerOf } from '@canal/shared/contract';
import { answersFor, inTurn } from './answers';

export { created, fail, ok } from './answers';

// Handlers of the portal's API (SPEC §7), typed and checked by the contract.

export const portalApi = {
  ...answersFor({
    login: contract.login,
    status: contract.complaintStatus,
    recoverCode: contract.recoverCodes,
    zones: contract.zones,
    zonesWithPlaces: contract.zonePlaces,
    categories: contract.offenceCategories,
    relationOptions: contract.relationOptions,
    recognitionOptions: contract.recognitionOptions,
    fileComplaint: contract.createComplaint,
    openPendingFiling: contract.openPendingFiling,
    addComment: contract.addComment,
    requestReplacement: contract.requestReplacement,
    reportRetaliation: contract.reportRetaliation,
    uploadFiles: contract.uploadFiles,
    signOut: contract.complainantSignOut,
    transcript: contract.complaintTranscript,
    answerTranscript: contract.answerTranscript,
  }),
  /** The detail of one complaint (its ticket in the path). */
  complaint: (id: number, ...answers: AnswerOf<typeof contract.complaintDetail>[]) =>
    inTurn(contract.complaintDetail, answers, {
      path: fillPath(contract.complaintDetail.path, { id }),
    }),
  /** The attachments of one complaint (its ticket in the path). */
  files: (id: number, ...answers: AnswerOf<typeof contract.complaintAttachments>[]) =>
    inTurn(contract.complaintAttachments, answers, {
      path: fillPath(contract.complaintAttachments.path, { id }),
    }),
};
