// Signed documents (issue 20, decision 0050): the canonical form, the records, the envelope and
// its check. `@canal/shared/proof`; what reads a PDF or a ZIP is `@canal/shared/proof/document`.
export { canonicalJson, type Canonical, type CanonicalObject } from './canonical';
export * from './envelope';
export * from './records';
export { checkSignedRecord, type NotAuthentic, type RecordCheck } from './verify';
export {
  CheckpointFormatError,
  checkCheckpointSignature,
  checkEntryInclusion,
  merkleLeafHash,
  noteKeyHash,
  parseCheckpoint,
  rootFromInclusion,
  type CheckpointKey,
  type CheckpointNote,
  type CheckpointSignatureCheck,
  type InclusionCheck,
  type InclusionProofInput,
} from './checkpoint';
export {
  AUDIT_GENESIS_HASH,
  auditEntryContentJson,
  auditLeafEntryJson,
  AuditLogVerifier,
  openSignedCheckpoint,
  StreamingMerkleRoot,
  verifyAuditLog,
  type AuditEntryContent,
  type LogEntryToVerify,
  type LogFailure,
  type LogFailureKind,
  type LogPages,
  type LogVerification,
} from './audit-log';
