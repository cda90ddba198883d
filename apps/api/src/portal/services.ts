import type { Config } from '../config';
import type { Keyring } from '../crypto/keys';
import type { Db } from '../db/database';
import {
  altchaBotCheck,
  noBotCheck,
  recaptchaBotCheck,
  type AltchaOptions,
  type BotCheck,
} from './bot-check/bot-check';
import { ComplainantSessions } from './complaints/complainant-sessions';
import { TicketThrottle } from './complaints/ticket-throttle';
import type { ThrottlePolicy } from '../core/auth/throttle-store';

/** What only the portal uses, decorated on its plugin as `app.portal` (portal/routes.ts). */
export interface PortalServices {
  /** Complainant sessions (the Bearer token of the follow-up). */
  sessions: ComplainantSessions;
  /** Sign-in attempts per ticket code. */
  throttle: TicketThrottle;
  botCheck: BotCheck;
  /** Secret for signed file links. */
  fileLinkSecret: Buffer;
}

export interface PortalOptions {
  altcha?: AltchaOptions;
  throttle?: ThrottlePolicy;
}

declare module 'fastify' {
  interface FastifyInstance {
    portal: PortalServices;
  }
}

/** The portal's services over the core's database and keys, as the configuration chooses them. */
export function createPortalServices(
  config: Config,
  db: Db,
  keyring: Keyring,
  options: PortalOptions = {},
): PortalServices {
  const botCheck =
    config.BOT_CHECK === 'off'
      ? noBotCheck
      : config.BOT_CHECK === 'recaptcha'
        ? recaptchaBotCheck(config.RECAPTCHA_SECRET!)
        : altchaBotCheck(
            db,
            keyring.derive('altcha'),
            options.altcha ?? { counterRange: [5_000, 15_000] },
          );
  return {
    sessions: new ComplainantSessions(db),
    throttle: new TicketThrottle(db, keyring.derive('ticket-throttle'), options.throttle),
    botCheck,
    fileLinkSecret: keyring.derive('file-links'),
  };
}
