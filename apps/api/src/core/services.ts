import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Keyring } from '../crypto/keys';
import type { MasterDataCatalogue } from './master-data/catalogue';
import type { FileStore } from './files/storage';
import type { PasswordHasher } from './auth/passwords';
import type { ComplainantSessions } from './auth/complainant-sessions';
import type { TicketThrottle } from './auth/throttle-store';
import type { Outbox } from './mail/outbox';
import type { MailTransport, MailboxMessage } from './mail/transport';
import type { BotCheck } from './bot-check/bot-check';
import type { StaffSessions } from './auth/staff-sessions';
import type { StaffThrottle } from './auth/staff-throttle';
import type { AuditChainSettings } from './audit/audit-log';
import type { ErasureKeyStore } from './retention/erasure-key-store';

/** Everything a request needs, built once per process and handed to the app (tests build their own). */
export interface Services {
  config: Config;
  db: Db;
  keyring: Keyring;
  /** The erasure ratchet the keyring seals closed cases' data keys with (decision 0047). */
  erasure: ErasureKeyStore;
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
  /**
   * Reports an integrity failure loudly (a sealed field out of place, a broken audit chain): an
   * error line in the log with what and where, never the protected value.
   */
  /** The audit chain's key (derived from the master key) and its anchor file. */
  auditChain: AuditChainSettings;
  alarm: (message: string, detail: Record<string, unknown>) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
