import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Keyring } from '../crypto/keys';
import type { Signer } from '../crypto/signing';
import type { MasterDataCatalogue } from './master-data/catalogue';
import type { FileStore } from './files/storage';
import type { PasswordHasher } from './auth/passwords';
import type { Outbox } from './mail/outbox';
import type { MailTransport, MailboxMessage } from './mail/transport';
import type { AuditChainSettings } from './audit/audit-log';
import type { ErasureKeyStore } from './retention/erasure-key-store';

/**
 * The services both sides use, built once per process and handed to the app (tests build their
 * own). Each side's own services are its plugin's: `app.portal` (portal/services.ts) and
 * `app.backOffice` (back-office/services.ts).
 */
export interface Services {
  config: Config;
  db: Db;
  keyring: Keyring;
  /** The key documents are signed with (decision 0050). */
  signer: Signer;
  /** The erasure ratchet the keyring seals closed cases' data keys with (decision 0047). */
  erasure: ErasureKeyStore;
  catalogue: MasterDataCatalogue;
  files: FileStore;
  hasher: PasswordHasher;
  outbox: Outbox;
  transport: MailTransport & { list?: (limit?: number) => Promise<MailboxMessage[]> };
  /** The audit chain's key (derived from the master key) and its anchor file. */
  auditChain: AuditChainSettings;
  /**
   * Reports an integrity failure loudly (a sealed field out of place, a broken audit chain): an
   * error line in the log with what and where, never the protected value.
   */
  alarm: (message: string, detail: Record<string, unknown>) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
