// Checks a signed record against the channel's published keys (decision 0050), with WebCrypto's
// Ed25519: the same code in the portal's verification page, in the API and in tests.
import {
  base64ToBytes,
  verificationCode,
  verifyEd25519,
  type PublicKeyWire,
  type SignedRecord,
} from './envelope';

/** Why a document is not taken as authentic. */
export type NotAuthentic = 'alterado' | 'clave-desconocida' | 'clave-revocada' | 'sin-firma';

export type RecordCheck =
  | { ok: true; record: Record<string, unknown>; key: PublicKeyWire; code: string }
  | { ok: false; reason: NotAuthentic };

/** Whether `signed` was signed by one of `keys`, not revoked, and says what it says. */
export async function checkSignedRecord(
  signed: SignedRecord,
  keys: readonly PublicKeyWire[],
): Promise<RecordCheck> {
  const key = keys.find((k) => k.id === signed.clave);
  if (!key) return { ok: false, reason: 'clave-desconocida' };
  const valid = await verifyEd25519(
    base64ToBytes(key.clave),
    base64ToBytes(signed.firma),
    signed.registro,
  );
  if (!valid) return { ok: false, reason: 'alterado' };
  if (key.revocada_en !== null) return { ok: false, reason: 'clave-revocada' };
  let record: unknown;
  try {
    record = JSON.parse(signed.registro);
  } catch {
    return { ok: false, reason: 'alterado' };
  }
  if (typeof record !== 'object' || record === null) return { ok: false, reason: 'alterado' };
  return {
    ok: true,
    record: record as Record<string, unknown>,
    key,
    code: await verificationCode(signed.firma),
  };
}
