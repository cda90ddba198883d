// Cases of the back office: inbox, case view, files, status, dialogue, assignment, milestones,
// in three area files; `cases` lists their endpoints in the order the API documents them.
import { deleteSavedView, inbox, listSavedViews, saveView } from './cases-inbox';
import { downloadCaseDossier, downloadCaseFile, viewCase, viewCaseFile } from './case-view';
import {
  addInternalNote,
  assignCase,
  changeStatus,
  excludeFromCase,
  linkCase,
  reclassifyCase,
  recordMilestone,
  removeExclusion,
  replyToComplainant,
  replyWithFiles,
  setCasePriority,
  setCaseTags,
  unlinkCase,
} from './case-actions';

export * from './cases-inbox';
export * from './case-view';
export * from './case-actions';

export const cases = {
  inbox,
  viewCase,
  downloadCaseFile,
  downloadCaseDossier,
  viewCaseFile,
  changeStatus,
  replyToComplainant,
  replyWithFiles,
  addInternalNote,
  assignCase,
  excludeFromCase,
  removeExclusion,
  recordMilestone,
  setCasePriority,
  setCaseTags,
  listSavedViews,
  saveView,
  deleteSavedView,
  linkCase,
  unlinkCase,
  reclassifyCase,
} as const;
