import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { publicKeysSchema } from '@canal/shared/proof';
import { missingAnchor, readAnchor, verifyAuditChain } from '../core/audit/audit-log';
import { verifyLogAgainstCheckpoints } from '../core/audit/log-proof';
import { signingKeysStore } from '../core/proof/signing-keys-store';
import { auditAnchorFile } from '../runtime';
import { exitOnError } from './exit-on-error';
import { withDatabase } from './with-database';

/**
 * `npm run audit:verify`: walks the audit chain as the auditors' check does, against the anchor
 * (AUDIT_ANCHOR_FILE or DATA_DIR/audit-anchor.json), with the same DATA_ENCRYPTION_KEY as the
 * servers; then recomputes the Merkle tree from the rows and checks it against the latest signed
 * checkpoint and, with `--checkpoint kept.txt`, against a checkpoint someone kept outside the
 * deployment (decision 0066). `--claves claves.json` checks signatures with a copy of
 * `GET /v1/claves-publicas` kept apart instead of the database's keys. Run it after a restore: exit
 * code 1 when an entry is missing, rewritten or out of place, or the log does not extend the kept
 * checkpoint; a warning when there is no anchor to compare with.
 */
const { values } = parseArgs({
  options: { checkpoint: { type: 'string' }, claves: { type: 'string' } },
});

withDatabase(async (db, keyring, config) => {
  const services = {
    auditChain: { key: keyring.derive('audit-chain'), anchorFile: auditAnchorFile(config) },
  };
  const report = await verifyAuditChain(services, db);
  if (!report.ok) {
    const { id, reason } = report.firstBroken!;
    console.error(`Registro de auditoría alterado: entrada ${id}: ${reason}.`);
    process.exitCode = 1;
    return;
  }
  const keys = values.claves
    ? publicKeysSchema.parse(JSON.parse(readFileSync(values.claves, 'utf8'))).claves
    : await signingKeysStore.list(db);
  const merkle = await verifyLogAgainstCheckpoints(db, {
    kept: values.checkpoint === undefined ? undefined : readFileSync(values.checkpoint, 'utf8'),
    keys,
  });
  for (const line of merkle.passed) console.log(`✓ ${line}`);
  if (!merkle.ok) {
    const { reason, entryId } = merkle.failure!;
    console.error(
      `Registro de auditoría alterado: ${reason}` +
        (entryId === null ? '.' : ` (primera entrada que no coincide: ${entryId}).`),
    );
    process.exitCode = 1;
    return;
  }
  const unanchored = await missingAnchor(services, db);
  if (unanchored) console.error(`Aviso: ${unanchored}.`);
  const anchor = readAnchor(services.auditChain.anchorFile);
  console.log(
    `Registro de auditoría íntegro: ${report.entries} ${report.entries === 1 ? 'entrada' : 'entradas'}` +
      (anchor ? `; el ancla (entrada ${anchor.id}) coincide.` : '.'),
  );
}).catch(exitOnError);
