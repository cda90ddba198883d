// The home page's two recovery dialogs, one chunk loaded on the first intent to open either
// (lazy-dialogs.ts): they share their form, fields, schemas and dialog, so one import in the first
// load of `/` names what both need.
export { CodeRecoveryDialog } from './CodeRecoveryDialog';
export { PasswordRecoveryDialog } from './PasswordRecoveryDialog';
