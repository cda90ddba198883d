import path from 'node:path';
import type { Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrate } from './db/migrate';
import { createKeyring, loadMasterKey } from './crypto/keys';
import { MasterDataCatalogue } from './modules/master-data/catalogue';
import { seedMasterData } from './modules/master-data/seed';
import { FileStore } from './modules/attachments/storage';
import { PasswordHasher } from './modules/auth/passwords';
import { ComplainantSessions } from './modules/auth/sessions';
import { TicketThrottle, type ThrottlePolicy } from './modules/auth/throttle';
import { Outbox } from './modules/mail/outbox';
import { mailboxTransport, smtpTransport } from './modules/mail/transport';
import { altchaBotCheck, noBotCheck, recaptchaBotCheck, type AltchaOptions } from './modules/bot-check/bot-check';
import { complaintsRepository } from './modules/complaints/repository';
import { StaffSessions } from './modules/staff/sessions';
import { StaffThrottle, type StaffThrottlePolicy } from './modules/staff/throttle';
import { mailDeadlineDigest } from './modules/cases/digest';
import type { Services } from './services';

export interface RuntimeOptions {
  /** An already open database (tests); otherwise opened from the config. */
  db?: Db;
  warn?: (message: string) => void;
  altcha?: AltchaOptions;
  throttle?: ThrottlePolicy;
  staffThrottle?: StaffThrottlePolicy;
}

/** Opens everything the API needs, migrates and seeds: the one place that wires services together. */
export async function createServices(config: Config, options: RuntimeOptions = {}): Promise<Services> {
  const warn = options.warn ?? ((m: string) => console.warn(m));
  const dataDir = path.resolve(config.DATA_DIR);
  const db =
    options.db ??
    (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(dataDir, 'pglite') }));
  await migrate(db);
  await seedMasterData(db);
  const keyring = createKeyring(loadMasterKey(config.DATA_ENCRYPTION_KEY, dataDir, warn));
  const files = new FileStore(dataDir);
  await files.init();
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : mailboxTransport(db, keyring);
  const botCheck =
    config.BOT_CHECK === 'off'
      ? noBotCheck
      : config.BOT_CHECK === 'recaptcha'
        ? recaptchaBotCheck(config.RECAPTCHA_SECRET!)
        : altchaBotCheck(db, keyring.derive('altcha'), options.altcha ?? { counterRange: [5_000, 15_000] });
  if (config.BOT_CHECK === 'off') warn('BOT_CHECK=off: la verificación anti-bots está desactivada.');
  return {
    config,
    db,
    keyring,
    catalogue: await MasterDataCatalogue.load(db),
    files,
    hasher: new PasswordHasher(),
    sessions: new ComplainantSessions(db),
    throttle: new TicketThrottle(db, options.throttle),
    outbox: new Outbox(keyring, transport, config.MAIL_FROM),
    transport,
    botCheck,
    fileLinkSecret: keyring.derive('file-links'),
    staffSessions: new StaffSessions(db, keyring.derive('staff-csrf')),
    staffThrottle: new StaffThrottle(db, options.staffThrottle),
  };
}

export const STAGING_MAX_AGE_MS = 60 * 60 * 1000;

/** Housekeeping: uploads that never committed, orphaned files, expired tokens and sessions. */
export async function sweep(services: Services, stagingMaxAgeMs = STAGING_MAX_AGE_MS) {
  const { db, files } = services;
  const staged = await files.sweepStaging(stagingMaxAgeMs);
  const orphans = await files.sweepOrphans(stagingMaxAgeMs, (key) => complaintsRepository.storageKeyExists(db, key));
  await db.query('DELETE FROM bot_tokens_used WHERE expires_at < now()');
  await db.query(`DELETE FROM complainant_sessions WHERE last_seen_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM password_resets WHERE expires_at < now() - interval '1 day'`);
  for (const table of ['login_throttle', 'staff_login_throttle']) {
    await db.query(
      `DELETE FROM ${table} WHERE window_started_at < now() - interval '1 day' AND (locked_until IS NULL OR locked_until < now())`,
    );
  }
  await db.query(`DELETE FROM staff_sessions WHERE last_seen_at < now() - interval '1 day'`);
  await db.query(`DELETE FROM staff_invitations WHERE expires_at < now() - interval '30 days'`);
  return { staged, orphans };
}

/**
 * Background work of one API process: the mail queue every few seconds; every hour the sweep and
 * the deadline digest (which runs once a day across processes: the first to claim the day).
 */
export function startWorkers(services: Services, log: (msg: string, err?: unknown) => void, mailEveryMs = 5000) {
  let stopped = false;
  const drain = async () => {
    try {
      await services.outbox.drain(services.db);
    } catch (error) {
      log('fallo al procesar la cola de correo', error);
    }
  };
  const mailTimer = setInterval(() => void (!stopped && drain()), mailEveryMs);
  const hourly = () => {
    void sweep(services).catch((error) => log('fallo en la limpieza periódica', error));
    void mailDeadlineDigest(services).catch((error) => log('fallo en el resumen diario de plazos', error));
  };
  const sweepTimer = setInterval(hourly, 60 * 60 * 1000);
  mailTimer.unref();
  sweepTimer.unref();
  void drain();
  void mailDeadlineDigest(services).catch((error) => log('fallo en el resumen diario de plazos', error));
  return () => {
    stopped = true;
    clearInterval(mailTimer);
    clearInterval(sweepTimer);
  };
}
