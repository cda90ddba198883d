import type { Services } from '../services';
import { appendAudit } from '../audit/audit-log';
import { signingKeysStore } from './signing-keys-store';

/** What revoking a signing key came to, in the operator's words (`npm run keys:revoke`). */
export type Revocation =
  | { revoked: true; message: string }
  | { revoked: false; message: string; reason: 'desconocida' | 'vigente' | 'ya-revocada' };

/**
 * Revokes a signing key that leaked (decision 0050): what it signed is no longer taken as authentic
 * by the verification page, the API or the published keys' readers. The key still in use is
 * refused: a leak is answered by a new `SIGNING_KEY` first (the servers publish it at start and the
 * old one gets its end of validity), then by revoking the old one. Audited.
 */
export async function revokeSigningKey(services: Services, keyId: string): Promise<Revocation> {
  const key = (await signingKeysStore.list(services.db)).find((k) => k.id === keyId);
  if (!key)
    return {
      revoked: false,
      reason: 'desconocida',
      message: `No hay una clave de firma publicada con el identificador «${keyId}».`,
    };
  if (key.revocada_en !== null)
    return {
      revoked: false,
      reason: 'ya-revocada',
      message: `La clave ${keyId} ya estaba revocada (${key.revocada_en}).`,
    };
  if (key.valida_hasta === null)
    return {
      revoked: false,
      reason: 'vigente',
      message:
        `La clave ${keyId} es la vigente: configure primero una nueva SIGNING_KEY y reinicie ` +
        'los servidores (la nueva se publica y esta deja de usarse); después revóquela.',
    };
  await services.db.transaction(async (tx) => {
    await signingKeysStore.revoke(tx, keyId);
    await appendAudit(services, tx, {
      actorId: null,
      action: 'clave_firma.revocada',
      detail: { clave_firma: keyId },
    });
  });
  return {
    revoked: true,
    message: `Clave ${keyId} revocada: lo que firmó ya no se acepta como auténtico.`,
  };
}
