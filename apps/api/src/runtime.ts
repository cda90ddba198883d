import { sweepResumable } from './core/files/resumable';
import { pendingFilingStore } from './core/files/pending-filing-store';
import { checkpointIfDue } from './core/audit/log-proof';
import { webPaths, webUrl } from '@canal/shared';
import path from 'node:path';
import { configWarnings, instanceId, type Config } from './config';
import { openDatabase, type Db } from './db/database';
import { migrate } from './db/migrate';
import { createKeyring, loadMasterKey, parsePreviousKeys, type Keyring } from './crypto/keys';
import { verifyKeyCheck, withStoredRoot } from './crypto/key-check';
import { loadSigningKey } from './crypto/signing';
import { signingKeysStore } from './core/proof/signing-keys-store';
import { MasterDataCatalogue } from './core/master-data/catalogue';
import { seedMasterData } from './maintenance/master-data-seed';
import { indexPendingComplaints } from './core/complaints/search-index';
import { FileStore } from './core/files/storage';
import { createObjectStore, type ObjectStore } from './storage';
import { PasswordHasher } from './core/auth/passwords';
import { Outbox } from './core/mail/outbox';
import { mailboxTransport, smtpTransport } from './core/mail/transport';
import type { Services } from './core/services';
import { createPortalServices, type PortalOptions, type PortalServices } from './portal/services';
import {
  createBackOfficeServices,
  type BackOfficeOptions,
  type BackOfficeServices,
} from './back-office/services';
import { alertAdministratorsOfGiveUp } from './back-office/mail/give-up';
import { mailDeadlineDigest } from './back-office/cases/digest';
import { maintenanceRepository } from './maintenance/repository';
import { instanceStore } from './maintenance/instance-store';
import { missingAnchor } from './core/audit/audit-log';
import { ErasureKeyStore } from './core/retention/erasure-key-store';
import { chileToday, runRetention } from './core/retention/retention';
import { runRetaliationCheckins } from './core/retaliation/checkins';

export interface RuntimeOptions extends PortalOptions, BackOfficeOptions {
  /** An already open database (tests); otherwise opened from the config. */
  db?: Db;
  /** Where start-up warnings go (the server: its JSON log; commands: stderr). */
  warn: (message: string) => void;
  /** Where integrity alarms go (default: a JSON error line on stderr). */
  alarm?: Services['alarm'];
  /** The object store for files (tests: one with a key prefix of their own); else from the config. */
  store?: ObjectStore;
}

/**
 * What the composition root builds: the core's services, which both sides use, and each side's
 * own, which `buildApp` decorates on that side's plugin only (`app.portal`, `app.backOffice`).
 */
export interface AppServices extends Services {
  portal: PortalServices;
  backOffice: BackOfficeServices;
}

/** Opens everything the API needs, migrates and seeds: the one place that wires services together. */
export async function createServices(
  config: Config,
  options: RuntimeOptions,
): Promise<AppServices> {
  const { warn } = options;
  const dataDir = path.resolve(config.DATA_DIR);
  const db = options.db ?? (await openConfiguredDatabase(config));
  try {
    return await wire(config, options, db, dataDir, warn);
  } catch (error) {
    // The caller never sees this database: release it (and PGlite's folder lock) here.
    if (!options.db) await db.close().catch(() => {});
    throw error;
  }
}

/** Where the audit chain's head is anchored: AUDIT_ANCHOR_FILE, or DATA_DIR/audit-anchor.json. */
export const auditAnchorFile = (config: Config): string =>
  config.AUDIT_ANCHOR_FILE
    ? path.resolve(config.AUDIT_ANCHOR_FILE)
    : path.join(path.resolve(config.DATA_DIR), 'audit-anchor.json');

/** PostgreSQL at DATABASE_URL, or PGlite in DATA_DIR/pglite (locked to this process). */
export function openConfiguredDatabase(config: Config): Promise<Db> {
  return openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(path.resolve(config.DATA_DIR), 'pglite'),
  });
}

/** The master keys of the configuration: DATA_ENCRYPTION_KEY and DATA_ENCRYPTION_KEY_PREVIOUS. */
export function masterKeyring(
  config: Config,
  warn: (message: string) => void = (m) => console.error(m),
): Keyring {
  return createKeyring(
    loadMasterKey(config.DATA_ENCRYPTION_KEY, path.resolve(config.DATA_DIR), warn),
    parsePreviousKeys(config.DATA_ENCRYPTION_KEY_PREVIOUS),
  );
}

/**
 * Migrates, seeds, stores or checks the key check and the root key: what `npm run migrate` does
 * before a deployment. Returns the keyring with its root key, the one every service uses.
 */
export async function prepareDatabase(db: Db, keyring: Keyring): Promise<Keyring> {
  await migrate(db);
  await seedMasterData(db);
  const check = await verifyKeyCheck(db, keyring);
  const rooted = await withStoredRoot(db, keyring, check);
  // Complaints saved before the case search's blind indexes (migration 012) get them now.
  await indexPendingComplaints(db, rooted);
  return rooted;
}

async function wire(
  config: Config,
  options: RuntimeOptions,
  db: Db,
  dataDir: string,
  warn: (message: string) => void,
): Promise<AppServices> {
  const rooted = await prepareDatabase(
    db,
    createKeyring(
      loadMasterKey(config.DATA_ENCRYPTION_KEY, dataDir, warn),
      parsePreviousKeys(config.DATA_ENCRYPTION_KEY_PREVIOUS),
    ),
  );
  const signer = loadSigningKey(config.SIGNING_KEY, dataDir, warn);
  await signingKeysStore.register(db, signer);
  const objects = options.store ?? (await createObjectStore(config));
  const erasure = await ErasureKeyStore.open(db, objects, chileToday());
  const keyring = rooted.withErasureKeys(erasure.keys);
  const files = new FileStore(objects, db);
  const transport = config.SMTP_URL
    ? smtpTransport(config.SMTP_URL)
    : mailboxTransport(db, keyring);
  const outbox = new Outbox(keyring, transport, config.MAIL_FROM);
  // The outbox reports what it gives up; the back office alerts its administrators.
  outbox.onGiveUp = (db, given) =>
    // No page of its own: the back office shows the failed mail in a banner on every screen.
    alertAdministratorsOfGiveUp(outbox, db, given, webUrl(config.publicUrl, webPaths.staffInbox()));
  for (const warning of configWarnings(config)) warn(warning);
  const auditChain = { key: keyring.derive('audit-chain'), anchorFile: auditAnchorFile(config) };
  const unanchored = await missingAnchor({ auditChain }, db);
  if (unanchored) warn(unanchored);
  return {
    config,
    db,
    keyring,
    signer,
    erasure,
    catalogue: await MasterDataCatalogue.load(db),
    files,
    hasher: new PasswordHasher(),
    outbox,
    transport,
    auditChain,
    alarm:
      options.alarm ??
      ((message, detail) =>
        console.error(
          JSON.stringify({ level: 'error', alarm: 'integrity', msg: message, ...detail }),
        )),
    portal: createPortalServices(config, db, keyring, options),
    backOffice: createBackOfficeServices(db, keyring, config, options),
  };
}

export const STAGING_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Housekeeping: uploads that never committed (from `staged_files`), expired tokens and sessions.
 * The hourly run (`sweepOnce`) also erases the closed cases whose retention period has ended;
 * by hand that is `npm run retention`, which shows what it erases first (`--dry-run`).
 */
export async function sweep(services: Services, stagingMaxAgeMs = STAGING_MAX_AGE_MS) {
  const { db, files } = services;
  const swept = await files.sweepStaged(stagingMaxAgeMs);
  // Resumable uploads past their lifetime (24 h; at once with `sweep --all`), those of an expired
  // pending filing with it, then the pending filings themselves (decision 0074).
  await sweepResumable(db, files.store, stagingMaxAgeMs === 0);
  await pendingFilingStore.deleteExpired(db, stagingMaxAgeMs === 0);
  await maintenanceRepository.deleteExpired(db);
  return swept;
}

/** How often a running instance records its heartbeat; `sweep --all` treats 3 beats as fresh. */
export const HEARTBEAT_MS = 10_000;
export const HEARTBEAT_FRESH_MS = 3 * HEARTBEAT_MS;

/** `sweep --all` while an instance runs: it would delete that instance's uploads in flight. */
export class LiveInstancesError extends Error {
  constructor(readonly instances: { id: string; seconds: number }[]) {
    const names = instances.map((i) => `${i.id} (hace ${i.seconds} s)`).join(', ');
    super(
      `sweep --all rechazado: hay instancias en ejecución: ${names}. Deténgalas y vuelva a ` +
        `intentarlo, o use sweep sin --all. / Refused: live instances: ${names}.`,
    );
    this.name = 'LiveInstancesError';
  }
}

/**
 * `sweep --all`: the sweep with no age limit, which also deletes uploads still arriving, so it
 * refuses (LiveInstancesError, naming them) while any instance's heartbeat is fresh.
 */
export async function sweepAll(services: Services) {
  const live = await instanceStore.live(services.db, HEARTBEAT_FRESH_MS);
  if (live.length > 0) throw new LiveInstancesError(live);
  return sweep(services, 0);
}

/**
 * Background work of one API process, started once it listens: its heartbeat every
 * HEARTBEAT_MS; the mail queue every few seconds (one drain at a time); at start and every hour
 * the sweep (on one instance of the cluster at a time) and the deadline digest (once a day across
 * processes). The returned stop() stops claiming mail, gives back what was claimed but not sent,
 * resolves when the running work has ended, and removes the heartbeat last.
 */
export function startWorkers(
  services: Services,
  log: (msg: string, err?: unknown) => void,
  mailEveryMs = 5000,
): () => Promise<void> {
  const instance = instanceId(services.config);
  let beating: Promise<void> = Promise.resolve();
  const beat = () => {
    beating = instanceStore
      .beat(services.db, instance)
      .catch((error: unknown) => log('fallo al registrar el latido de la instancia', error));
  };
  const stopping = new AbortController();
  let draining: Promise<void> | null = null;
  const drain = () => {
    if (draining || stopping.signal.aborted) return;
    draining = services.outbox
      .drain(services.db, 20, stopping.signal)
      .then(
        () => {},
        (error: unknown) => log('fallo al procesar la cola de correo', error),
      )
      .finally(() => {
        draining = null;
      });
  };
  let hourlyRun: Promise<unknown> = Promise.resolve();
  const hourly = () => {
    hourlyRun = Promise.all([
      // Every instance drops the ratchet secrets the sweeping one has moved past.
      services.erasure
        .refresh()
        .then(() => sweepOnce(services))
        .catch((error: unknown) => log('fallo en la limpieza periódica', error)),
      mailDeadlineDigest(services).catch((error: unknown) =>
        log('fallo en el resumen diario de plazos', error),
      ),
    ]);
  };
  const heartbeatTimer = setInterval(beat, HEARTBEAT_MS);
  const mailTimer = setInterval(drain, mailEveryMs);
  const hourlyTimer = setInterval(hourly, 60 * 60 * 1000);
  heartbeatTimer.unref();
  mailTimer.unref();
  hourlyTimer.unref();
  beat();
  drain();
  hourly();
  return async () => {
    stopping.abort();
    clearInterval(heartbeatTimer);
    clearInterval(mailTimer);
    clearInterval(hourlyTimer);
    await draining;
    await hourlyRun;
    await beating;
    await instanceStore
      .remove(services.db, instance)
      .catch((error: unknown) => log('fallo al retirar el latido de la instancia', error));
  };
}

// Distinct from every other advisory lock: migrations' 72_164_301, the audit chain's 72_164_302
// (the sweep's erasures append to the chain while it holds this one, on another connection: the
// same number made them wait on each other until the statement timeout), the erasure keys' 303.
const SWEEP_LOCK = 72_164_304;

/**
 * The sweep on one instance at a time: on PostgreSQL under a try-lock (an instance that does not
 * get it skips this round); PGlite is single-process already.
 */
export function sweepOnce(services: Services) {
  return exclusively(services, async () => {
    const swept = await sweep(services);
    // Closed cases past their retention period (today in Chile), on one instance at a time.
    const retention = await runRetention(services);
    // The questions after closing due today (decision 0060), on one instance at a time.
    const asked = await runRetaliationCheckins(services);
    // The audit log's signed checkpoint, mailed to the auditors, at least daily (decision 0066).
    const checkpoint = await checkpointIfDue(services);
    return { ...swept, erased: retention.erased, asked, checkpoint };
  });
}

/**
 * `work` unless another process runs the sweep (or `npm run retention`): on PostgreSQL under the
 * sweep's try-lock (null when another holds it); PGlite is single-process already.
 */
export async function exclusively<T>(
  services: Services,
  work: () => Promise<T>,
): Promise<T | null> {
  if (services.db.kind === 'pglite') return work();
  return services.db.transaction(async (tx) => {
    const [row] = await tx.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1) AS locked',
      [SWEEP_LOCK],
    );
    return row?.locked ? work() : null;
  });
}
