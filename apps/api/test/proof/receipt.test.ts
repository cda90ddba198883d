import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  fromAdjuntoListado,
  fromDenunciaDetalle,
  HEAD_OFFICE as HEAD_OFFICE_ORG,
} from '@canal/shared';
import { contract, type SummarySealWire } from '@canal/shared/contract';
import {
  checkSignedRecord,
  signedRecordSchema,
  type PublicKeyWire,
  type ReceiptRecord,
} from '@canal/shared/proof';
import { verifyDocumentBytes } from '@canal/shared/proof/document';
import { buildSummaryPdf } from '@canal/shared/summary';
import { decodePDFRawStream, PDFDocument, PDFRawStream, type PDFRef } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createServices } from '../../src/runtime';
import { signingKeysStore } from '../../src/core/proof/signing-keys-store';
import { callApi } from '@canal/test-support/api';
import { buildTestApp, type TestApp } from '@canal/test-support/app';
import { denuncia, file, login } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';

const evidence = pdf('Antecedente firmado');
const OFFLINE = path.resolve(import.meta.dirname, '../../../../scripts/verify-document.mjs');

async function keys(app: TestApp['app']): Promise<PublicKeyWire[]> {
  return (await callApi(app, contract.publicKeys, {})).json<{ claves: PublicKeyWire[] }>().claves;
}

/** The summary as the browser builds it from the seal's answer. */
async function summaryFrom(seal: SummarySealWire): Promise<Uint8Array> {
  return buildSummaryPdf(
    fromDenunciaDetalle(seal.detalle),
    seal.adjuntos.map(fromAdjuntoListado),
    HEAD_OFFICE_ORG,
    new Date(seal.emitido_en),
    null,
    { code: seal.codigo, address: seal.direccion, seal: seal.sello },
  );
}

/** `pdf` with one character of the text its first page draws changed, saved again. */
async function withOneCharacterChanged(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPages()[0]!.node.normalizedEntries().Contents!;
  for (const ref of contents.asArray() as PDFRef[]) {
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    // "Resumen denuncia" is drawn as WinAnsi hex: change its first letter R (52) to P (50).
    const altered = content.replace('<526573756D656E', '<506573756D656E');
    if (altered === content) continue;
    doc.context.assign(ref, doc.context.flateStream(Buffer.from(altered, 'latin1')));
    return doc.save({ useObjectStreams: false });
  }
  throw new Error('el título no está en la primera página');
}

async function seal(t: TestApp, ticket: number, auth: Record<string, string>) {
  const res = await callApi(t.app, contract.summarySeal, {
    headers: auth as never,
    params: { id: String(ticket) },
    body: { logo: null },
  });
  expect(res.statusCode).toBe(200);
  return res.json<SummarySealWire>();
}

const verifyByApi = async (app: TestApp['app'], bytes: Uint8Array) =>
  (
    await callApi(app, contract.verifyDocument, {
      body: { documento: Buffer.from(bytes).toString('base64') },
    })
  ).json<{ estado: string; mensaje: string }>();

describe('the signed receipt and the sealed PDF summary', () => {
  let t: TestApp;
  let ticket: number;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SIGNING_KEY: randomBytes(32).toString('hex') } });
    const created = await file(t.app, denuncia(), [
      { filename: 'antecedente.pdf', content: evidence, contentType: 'application/pdf' },
    ]);
    expect(created.statusCode).toBe(201);
    ticket = created.json<{ ticket: number }>().ticket;
    auth = (await login(t.app, ticket)).auth;
  });
  afterAll(() => t.close());

  it('signs a receipt at filing: case number, organisation, ticket, moment, type and each file’s SHA-256, without facts or identity', async () => {
    const [row] = await t.db.query<{ receipt: string; case_number: string; created_at: Date }>(
      'SELECT receipt, case_number, created_at FROM complaints WHERE ticket = $1',
      [ticket],
    );
    const signed = signedRecordSchema.parse(JSON.parse(row!.receipt));
    const checked = await checkSignedRecord(signed, await keys(t.app));
    expect(checked.ok).toBe(true);
    const record = JSON.parse(signed.registro) as ReceiptRecord;
    expect(record).toEqual({
      tipo: 'recibo-denuncia',
      version: 1,
      organizacion: { id: HEAD_OFFICE_ORG.id, nombre: HEAD_OFFICE_ORG.shortName },
      numero_caso: row!.case_number,
      codigo: ticket,
      recibida_en: new Date(row!.created_at).toISOString(),
      tipo_denuncia: { id: 26, nombre: expect.any(String) },
      archivos: [
        { sha256: createHash('sha256').update(evidence).digest('hex'), bytes: evidence.length },
      ],
    });
    expect(record.tipo_denuncia.nombre).not.toBe('');
    for (const secret of ['grita', 'María', '12.345.678-5', 'denunciante.prueba'])
      expect(signed.registro).not.toContain(secret);
  });

  it('seals the summary the browser builds: it verifies in code and through the API, and one changed character is reported altered', async () => {
    const sealed = await seal(t, ticket, auth);
    expect(sealed.codigo).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(sealed.direccion).toBe('http://localhost:3000/verificar-documento');
    const summary = await summaryFrom(sealed);
    const verdict = await verifyDocumentBytes(summary, await keys(t.app));
    expect(verdict).toMatchObject({
      estado: 'autentico',
      documento: 'resumen-denuncia',
      organizacion: HEAD_OFFICE_ORG.shortName,
      codigo: sealed.codigo,
    });
    expect(verdict.mensaje).toMatch(
      new RegExp(`^Auténtico: emitido por ${HEAD_OFFICE_ORG.shortName} el \\d\\d-\\d\\d-\\d{4} / `),
    );
    expect(await verifyByApi(t.app, summary)).toEqual(verdict);

    const altered = await withOneCharacterChanged(summary);
    expect((await verifyDocumentBytes(altered, await keys(t.app))).estado).toBe('alterado');
    expect((await verifyByApi(t.app, altered)).estado).toBe('alterado');
    // A summary built without the seal carries none.
    const unsealed = await buildSummaryPdf(
      fromDenunciaDetalle(sealed.detalle),
      [],
      HEAD_OFFICE_ORG,
      new Date(),
    );
    expect((await verifyByApi(t.app, unsealed)).estado).toBe('sin-firma');
  });

  it('verifies offline with node and the kept public keys (scripts/verify-document.mjs), and reports the altered copy', async () => {
    const summary = await summaryFrom(await seal(t, ticket, auth));
    const dir = mkdtempSync(path.join(tmpdir(), 'canal-offline-'));
    try {
      writeFileSync(path.join(dir, 'claves.json'), JSON.stringify({ claves: await keys(t.app) }));
      const run = (bytes: Uint8Array) => {
        writeFileSync(path.join(dir, 'resumen.pdf'), bytes);
        return spawnSync(process.execPath, [OFFLINE, 'resumen.pdf', 'claves.json'], {
          cwd: dir,
          encoding: 'utf8',
        });
      };
      const ok = run(summary);
      expect(ok.status).toBe(0);
      expect(ok.stdout).toMatch(/^auténtico: emitido por /);
      const altered = run(await withOneCharacterChanged(summary));
      expect(altered.status).toBe(1);
      expect(altered.stdout).toContain('NO auténtico: alterado');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a receipt signed before a key rotation verifiable inside a summary sealed after it', async () => {
    const rotated = await createServices(
      { ...t.services.config, SIGNING_KEY: randomBytes(32).toString('hex') },
      { db: t.db, store: t.services.files.store, warn: () => {} },
    );
    const second = await buildApp(rotated, { logger: false, webDist: t.dataDir });
    try {
      const sealed = await seal({ ...t, app: second }, ticket, auth);
      expect(sealed.sello.clave).toBe(rotated.signer.keyId);
      expect(sealed.recibo.clave).toBe(t.services.signer.keyId);
      const summary = await summaryFrom(sealed);
      expect((await verifyByApi(second, summary)).estado).toBe('autentico');
      // Revoking the old key (it leaked) makes what carries its signature no longer authentic.
      await signingKeysStore.revoke(t.db, t.services.signer.keyId);
      expect(await verifyByApi(second, summary)).toMatchObject({
        estado: 'clave-revocada',
        mensaje: 'No válido: está firmado con una clave que el canal revocó.',
      });
    } finally {
      await second.close();
    }
  });
});
