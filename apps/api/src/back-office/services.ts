import type { Keyring } from '../crypto/keys';
import type { Db } from '../db/database';
import { StaffSessions } from './staff/staff-sessions';
import { StaffThrottle, type StaffThrottlePolicy } from './staff/staff-throttle';
import { OidcClients } from './sso/oidc-clients';
import type { Config } from '../config';

/** What only the back office uses, decorated on its plugin as `app.backOffice` (routes.ts). */
export interface BackOfficeServices {
  /** Staff sessions (cookies + CSRF). */
  sessions: StaffSessions;
  /** Failed staff sign-ins, by account and address. */
  throttle: StaffThrottle;
  /** The OpenID Connect providers staff sign in with (issue 24). */
  oidc: OidcClients;
}

export interface BackOfficeOptions {
  staffThrottle?: StaffThrottlePolicy;
}

declare module 'fastify' {
  interface FastifyInstance {
    backOffice: BackOfficeServices;
  }
}

/** The back office's services over the core's database and keys. */
export function createBackOfficeServices(
  db: Db,
  keyring: Keyring,
  config: Pick<Config, 'OIDC_PROVIDERS' | 'production'>,
  options: BackOfficeOptions = {},
): BackOfficeServices {
  return {
    oidc: new OidcClients(db, keyring, config.OIDC_PROVIDERS, !config.production),
    sessions: new StaffSessions(db, keyring.derive('staff-csrf')),
    throttle: new StaffThrottle(db, keyring.derive('client-limits'), options.staffThrottle),
  };
}
