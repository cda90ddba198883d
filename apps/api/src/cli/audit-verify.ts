import { missingAnchor, readAnchor, verifyAuditChain } from '../core/audit/audit-log';
import { auditAnchorFile } from '../runtime';
import { exitOnError } from './exit-on-error';
import { withDatabase } from './with-database';

/**
 * `npm run audit:verify`: walks the audit chain as the auditors' check does, against the anchor
 * (AUDIT_ANCHOR_FILE or DATA_DIR/audit-anchor.json), with the same DATA_ENCRYPTION_KEY as the
 * servers. Run it after a restore: exit code 1 when an entry is missing, rewritten or out of
 * place; a warning when there is no anchor to compare with.
 */
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
  const unanchored = await missingAnchor(services, db);
  if (unanchored) console.error(`Aviso: ${unanchored}.`);
  const anchor = readAnchor(services.auditChain.anchorFile);
  console.log(
    `Registro de auditoría íntegro: ${report.entries} entradas` +
      (anchor ? `; el ancla (entrada ${anchor.id}) coincide.` : '.'),
  );
}).catch(exitOnError);
