import type { Config } from './config';
import type { Db } from './db/database';
import type { Keyring } from './crypto/keys';
import type { MasterDataCatalogue } from './modules/master-data/catalogue';
import type { FileStore } from './modules/attachments/storage';
import type { PasswordHasher } from './modules/auth/passwords';
import type { ComplainantSessions } from './modules/auth/sessions';
import type { TicketThrottle } from './modules/auth/throttle';
import type { Outbox } from './modules/mail/outbox';
import type { MailTransport, MailboxMessage } from './modules/mail/transport';
import type { BotCheck } from './modules/bot-check/bot-check';
import type { StaffSessions } from './modules/staff/sessions';
import type { StaffThrottle } from './modules/staff/throttle';

/** Everything a request needs, built once per process and handed to the app (tests build their own). */
export interface Services {
  config: Config;
  db: Db;
  keyring: Keyring;
  catalogue: MasterDataCatalogue;
  files: FileStore;
  hasher: PasswordHasher;
  sessions: ComplainantSessions;
  throttle: TicketThrottle;
  outbox: Outbox;
  transport: MailTransport & { list?: (limit?: number) => Promise<MailboxMessage[]> };
  botCheck: BotCheck;
  /** Secret for signed file links. */
  fileLinkSecret: Buffer;
  /** Back office: staff sessions (cookies + CSRF) and sign-in throttling. */
  staffSessions: StaffSessions;
  staffThrottle: StaffThrottle;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
