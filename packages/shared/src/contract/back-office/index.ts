export * from './common';
export * from './account';
export * from './cases';
export * from './audit';
export * from './stats';
export * from './mail';
export * from './intake';
export * from './alerts';
export * from './requests';
export * from './master-data';
export * from './retention';
import { account } from './account';
import { audit } from './audit';
import { cases } from './cases';
import { stats } from './stats';
import { mail } from './mail';
import { intake } from './intake';
import { alerts } from './alerts';
import { requests } from './requests';
import { masterData } from './master-data';
import { retention } from './retention';

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
  ...masterData,
  ...retention,
} as const;
