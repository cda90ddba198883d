// The one declared entry into the API's source for code outside apps/api (`@canal/api/testing`):
// the shared test helpers (packages/test-support), the end-to-end suite and the benchmarks build
// and drive the API through what is listed here, never through relative paths into src/
// (decision 0069; lint refuses those). Production code imports none of it (it is no entry point
// of the build), and nothing in src/ imports this file: it sits with the composition root.

// Building the app and its services, as the server does.
export { buildApp, type AppOptions } from './app';
export { createServices, type AppServices, type RuntimeOptions } from './runtime';
export type { Services } from './core/services';
export { loadConfig, type ClientLimits } from './config';

// The database, the object store and the key material.
export { openDatabase, type Db } from './db/database';
export { migrate } from './db/migrate';
export { createObjectStore, LocalObjectStore, S3ObjectStore, type ObjectStore } from './storage';
export {
  decryptingStream,
  decryptingTransform,
  decryptingV1Transform,
  encryptingStream,
} from './crypto/file-cipher';
export { seal } from './crypto/keys';
export { createSigner } from './crypto/signing';
export { sanitizingStream } from './sanitize';

// Staff accounts and their second factor.
export { createAdministrator } from './back-office/staff/first-administrator';
export { createStaffUser } from './back-office/staff/invitations';
export type { StaffRole, StaffUser } from './back-office/staff/roles';
export { totpCode, totpStep } from './back-office/staff/totp';
export { PASSWORD_HASH_OPTIONS, PasswordHasher } from './core/auth/passwords';

// What the end-to-end suite and the benchmarks read or run directly.
export { casesRepository, scope, type InboxFilters } from './back-office/cases/repository';
export { DIGEST_HOUR, hourInSantiago, mailDeadlineDigest } from './back-office/cases/digest';
export { civilDateInZone } from './core/deadlines';
export { chileToday, ERASE_BATCH, runRetention } from './core/retention/retention';
export { signReceipt } from './core/proof/sign';

// The audit log's Merkle tree and checkpoints (the audit-log bench).
export { auditLeafHash, leafEntry } from './core/audit/audit-log';
export { checkCheckpointSignature, parseCheckpoint, signCheckpoint } from './core/audit/checkpoint';
export {
  consistencyProof,
  HASH_BYTES,
  leafHash,
  MemoryTree,
  verifyConsistency,
} from './core/audit/merkle';
