import { createPublicKey, randomBytes, verify } from 'node:crypto';
import { contract } from '@canal/shared/contract';
import { checkSignedRecord, type PublicKeyWire } from '@canal/shared/proof';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createServices } from '../../src/runtime';
import { signingKeysStore } from '../../src/core/proof/signing-keys-store';
import { revokeSigningKey } from '../../src/core/proof/revoke-key';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';

const KEY_A = randomBytes(32).toString('hex');
const KEY_B = randomBytes(32).toString('hex');

async function keys(t: { app: TestApp['app'] }): Promise<PublicKeyWire[]> {
  const res = await callApi(t.app, contract.publicKeys, {});
  expect(res.statusCode).toBe(200);
  return res.json<{ claves: PublicKeyWire[] }>().claves;
}

const signed = (t: TestApp, registro: string) => ({
  registro,
  firma: t.services.signer.sign(registro).toString('base64'),
  clave: t.services.signer.keyId,
});

describe('the signing key and its public keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SIGNING_KEY: KEY_A } });
  });
  afterAll(() => t.close());

  it('publishes the key at /v1/claves-publicas and the well-known address, as PEM that node and WebCrypto verify with', async () => {
    const [key, ...others] = await keys(t);
    expect(others).toEqual([]);
    expect(key).toMatchObject({
      id: t.services.signer.keyId,
      algoritmo: 'Ed25519',
      valida_hasta: null,
      revocada_en: null,
    });
    const wellKnown = await callApi(t.app, contract.publicKeysWellKnown, {});
    expect(wellKnown.json()).toEqual({ claves: [key] });
    const record = signed(t, '{"a":1}');
    expect(
      verify(
        null,
        Buffer.from(record.registro),
        createPublicKey(key!.pem),
        Buffer.from(record.firma, 'base64'),
      ),
    ).toBe(true);
    expect((await checkSignedRecord(record, [key!])).ok).toBe(true);
    expect(await checkSignedRecord({ ...record, registro: '{"a":2}' }, [key!])).toEqual({
      ok: false,
      reason: 'alterado',
    });
  });

  it('keeps the old key published with its end after a rotation, so what it signed still verifies; a revoked key is said so', async () => {
    const before = signed(t, '{"antes":true}');
    const rotated = await createServices(
      { ...t.services.config, SIGNING_KEY: KEY_B },
      { db: t.db, store: t.services.files.store, warn: () => {} },
    );
    const second = await buildApp(rotated, { logger: false, webDist: t.dataDir });
    try {
      const list = await keys({ app: second });
      expect(list.map((k) => k.id)).toEqual([t.services.signer.keyId, rotated.signer.keyId]);
      expect(list[0]!.valida_hasta).not.toBeNull();
      expect(list[1]!.valida_hasta).toBeNull();
      expect((await checkSignedRecord(before, list)).ok).toBe(true);
      // An instance still on the old key (a rolling deployment) changes nothing on restart.
      await signingKeysStore.register(t.db, t.services.signer);
      expect((await keys({ app: second })).map((k) => k.valida_hasta === null)).toEqual([
        false,
        true,
      ]);
      expect(await signingKeysStore.revoke(t.db, t.services.signer.keyId)).toBe(true);
      expect(await checkSignedRecord(before, await keys({ app: second }))).toEqual({
        ok: false,
        reason: 'clave-revocada',
      });
      expect(await checkSignedRecord({ ...before, clave: '0123456789abcdef' }, list)).toEqual({
        ok: false,
        reason: 'clave-desconocida',
      });
    } finally {
      await second.close();
    }
  });

  it('is revoked by the operator only once it is no longer the key in use, audited (npm run keys:revoke)', async () => {
    const r = await buildTestApp({ env: { SIGNING_KEY: KEY_A } });
    try {
      const current = r.services.signer.keyId;
      const before = signed(r, '{"antes":true}');
      expect(await revokeSigningKey(r.services, 'no-existe')).toMatchObject({
        revoked: false,
        reason: 'desconocida',
      });
      // The key in use: refused, with what to do first; nothing changes.
      const inUse = await revokeSigningKey(r.services, current);
      expect(inUse).toMatchObject({ revoked: false, reason: 'vigente' });
      expect(inUse.message).toContain('configure primero una nueva SIGNING_KEY');
      expect((await keys(r))[0]!.revocada_en).toBeNull();
      // After a rotation the old key is revoked: what it signed is no longer authentic.
      const rotated = await createServices(
        { ...r.services.config, SIGNING_KEY: KEY_B },
        { db: r.db, store: r.services.files.store, warn: () => {} },
      );
      expect(await revokeSigningKey(rotated, current)).toEqual({
        revoked: true,
        message: `Clave ${current} revocada: lo que firmó ya no se acepta como auténtico.`,
      });
      expect(await checkSignedRecord(before, await keys(r))).toEqual({
        ok: false,
        reason: 'clave-revocada',
      });
      expect(await revokeSigningKey(rotated, current)).toMatchObject({
        revoked: false,
        reason: 'ya-revocada',
      });
      const audited = await r.db.query<{ actor_id: number | null; detail: string }>(
        `SELECT actor_id, detail::text AS detail FROM audit_log WHERE action = 'clave_firma.revocada'`,
      );
      expect(audited.map((a) => [a.actor_id, JSON.parse(a.detail)])).toEqual([
        [null, { clave_firma: current }],
      ]);
    } finally {
      await r.close();
    }
  });

  it('is required in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATA_ENCRYPTION_KEY: 'a'.repeat(64),
        PUBLIC_URL: 'https://canaldenuncias.example.cl',
        SMTP_URL: 'smtp://mail.example.cl:587',
      }),
    ).toThrow(/SIGNING_KEY: es obligatoria en producción/);
  });
});
