import { contract } from '@canal/shared/contract';
import { answersFor } from './answers';

export { accepted, created, fail, ok } from './answers';

// Handlers of the back office's API (/v1/gestion, DESIGN §8), typed and checked by the contract.

export const staffApi = answersFor({
  signIn: contract.signIn,
  inbox: contract.inbox,
  caseView: contract.viewCase,
  changeStatus: contract.changeStatus,
  reply: contract.replyToComplainant,
  replyWithFiles: contract.replyWithFiles,
  recordMilestone: contract.recordMilestone,
  setPriority: contract.setCasePriority,
  setTags: contract.setCaseTags,
  linkCase: contract.linkCase,
  unlinkCase: contract.unlinkCase,
  savedViews: contract.listSavedViews,
  saveView: contract.saveView,
  deleteView: contract.deleteSavedView,
  reclassify: contract.reclassifyCase,
  users: contract.listUsers,
  invite: contract.inviteUser,
  updateUser: contract.updateUser,
  reinvite: contract.reinviteUser,
  audit: contract.auditLog,
  verifyChain: contract.verifyAuditChain,
  statistics: contract.statistics,
  halfYear: contract.halfYearReport,
  categories: contract.offenceCategories,
  failedMails: contract.failedMails,
  replacementTasks: contract.listReplacementRequests,
  answerReplacement: contract.answerReplacementRequest,
  recordComplaint: contract.recordComplaint,
  zonePlaces: contract.zonePlaces,
  relationOptions: contract.relationOptions,
  recognitionOptions: contract.recognitionOptions,
  alertRules: contract.listAlertRules,
  createAlertRule: contract.createAlertRule,
  updateAlertRule: contract.updateAlertRule,
  deleteAlertRule: contract.deleteAlertRule,
  masterData: contract.getMasterData,
  createMasterItem: contract.createMasterItem,
  updateMasterItem: contract.updateMasterItem,
  setMasterItemActive: contract.setMasterItemActive,
  reorderMasterList: contract.reorderMasterList,
});
