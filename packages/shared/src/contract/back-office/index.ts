export * from './common';
export * from './account';
export * from './cases';
export * from './audit';
export * from './stats';
export * from './mail';
export * from './intake';
export * from './alerts';
export * from './requests';
export * from './data-requests';
export * from './master-data';
export * from './privacy';
export * from './retention';
export * from './sessions';
export * from './sso';
export * from './retaliation';
export * from './transcripts';
export * from './notice-templates';
export * from './passkeys';
import { account } from './account';
import { audit } from './audit';
import { cases } from './cases';
import { stats } from './stats';
import { mail } from './mail';
import { intake } from './intake';
import { alerts } from './alerts';
import { requests } from './requests';
import { dataRequests } from './data-requests';
import { masterData } from './master-data';
import { privacyAdmin } from './privacy';
import { retention } from './retention';
import { staffSessions } from './sessions';
import { sso } from './sso';
import { retaliation } from './retaliation';
import { transcriptsAdmin } from './transcripts';
import { noticeTemplates } from './notice-templates';
import { passkeys } from './passkeys';

/** Every /v1/gestion endpoint. */
export const backOffice = {
  ...account,
  ...cases,
  ...audit,
  ...stats,
  ...mail,
  ...intake,
  ...alerts,
  ...requests,
  ...dataRequests,
  ...masterData,
  ...privacyAdmin,
  ...retention,
  ...staffSessions,
  ...sso,
  ...retaliation,
  ...transcriptsAdmin,
  ...noticeTemplates,
  ...passkeys,
} as const;
