import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { contract, type VerificationWire } from '@canal/shared/contract';
import type { ManifestRecord, PublicKeyWire } from '@canal/shared/proof';
import { verifyDocumentBytes } from '@canal/shared/proof/document';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, HEAD_OFFICE } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { staff, type StaffClient } from '@canal/test-support/staff';

let t: TestApp;
let investigator: StaffClient;
let zip: Buffer;
let caseNumber: string;

beforeAll(async () => {
  t = await buildTestApp();
  investigator = await staff(t, {
    role: 'investigador',
    name: 'Iván Investigador',
    organizations: [HEAD_OFFICE],
  });
  const created = await file(t.app, denuncia(), [
    { filename: 'acta.pdf', content: pdf('Acta de la reunión'), contentType: 'application/pdf' },
  ]);
  const [row] = await t.db.query<{ id: number; case_number: string }>(
    'SELECT id, case_number FROM complaints WHERE ticket = $1',
    [created.json<{ ticket: number }>().ticket],
  );
  caseNumber = row!.case_number;
  const res = await investigator.call(contract.downloadCaseDossier, { params: { id: row!.id } });
  expect(res.statusCode).toBe(200);
  zip = res.rawPayload;
});
afterAll(() => t.close());

const keys = async () =>
  (await callApi(t.app, contract.publicKeys, {})).json<{ claves: PublicKeyWire[] }>().claves;

const verifyByApi = async (bytes: Uint8Array) =>
  (
    await callApi(t.app, contract.verifyDocument, {
      body: { documento: Buffer.from(bytes).toString('base64') },
    })
  ).json<VerificationWire>();

/** `zip` with one byte flipped in the middle of `needle`'s first occurrence. */
function flipped(bytes: Buffer, needle: Uint8Array): Buffer {
  const at = bytes.indexOf(Buffer.from(needle));
  expect(at).toBeGreaterThan(0);
  const copy = Buffer.from(bytes);
  copy[at + Math.floor(needle.length / 2)]! ^= 1;
  return copy;
}

describe('the dossier’s signed manifest', () => {
  it('lists every member with its SHA-256, the case, who exported it and when, signed', async () => {
    const members = unzipSync(new Uint8Array(zip));
    const record = JSON.parse(
      Buffer.from(members['manifiesto.json']!).toString(),
    ) as ManifestRecord;
    expect(record).toMatchObject({
      tipo: 'manifiesto-expediente',
      numero_caso: caseNumber,
      exportado_por: { id: investigator.id, nombre: 'Iván Investigador' },
    });
    const others = Object.keys(members).filter((n) => !n.startsWith('manifiesto.'));
    expect(record.archivos.map((f) => f.nombre).sort()).toEqual(others.sort());
    for (const f of record.archivos)
      expect(f.sha256).toBe(createHash('sha256').update(members[f.nombre]!).digest('hex'));
    const verdict = await verifyDocumentBytes(zip, await keys());
    expect(verdict).toMatchObject({ estado: 'autentico', documento: 'manifiesto-expediente' });
    expect(verdict.mensaje).toMatch(/^Auténtico: emitido por .+ el \d\d-\d\d-\d{4} \/ /);
    expect(await verifyByApi(zip)).toEqual(verdict);
  });

  it('reports one altered byte of a file or of the manifest as altered, in code and through the API', async () => {
    const members = unzipSync(new Uint8Array(zip));
    const evidence = Object.keys(members).find((n) => n.startsWith('archivos/'))!;
    for (const altered of [
      flipped(zip, members[evidence]!),
      flipped(zip, members[`expediente-${caseNumber}.pdf`]!),
      flipped(zip, members['manifiesto.json']!),
    ]) {
      expect((await verifyDocumentBytes(altered, await keys())).estado).toBe('alterado');
      expect((await verifyByApi(altered)).estado).toBe('alterado');
    }
  });

  it('verifies offline with openssl and the published PEM, and fails on an altered manifest', async () => {
    const members = unzipSync(new Uint8Array(zip));
    const dir = mkdtempSync(path.join(tmpdir(), 'canal-offline-'));
    try {
      const [key] = await keys();
      writeFileSync(path.join(dir, 'clave.pem'), key!.pem);
      writeFileSync(path.join(dir, 'manifiesto.json'), members['manifiesto.json']!);
      writeFileSync(path.join(dir, 'manifiesto.firma'), members['manifiesto.firma']!);
      const verify = () =>
        execFileSync(
          'openssl',
          ['pkeyutl', '-verify', '-pubin', '-inkey', 'clave.pem', '-rawin'].concat([
            '-in',
            'manifiesto.json',
            '-sigfile',
            'manifiesto.firma',
          ]),
          { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
        );
      expect(verify()).toContain('Signature Verified Successfully');
      const json = Buffer.from(members['manifiesto.json']!);
      json[json.indexOf('"numero_caso"') + 16]! ^= 1;
      writeFileSync(path.join(dir, 'manifiesto.json'), json);
      expect(verify).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
