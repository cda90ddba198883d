import { generateKeyPairSync, sign as ed25519Sign } from 'node:crypto';
import { PDFDocument, PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { HEAD_OFFICE } from '../organizations';
import { buildSummaryPdf } from '../summary/build-summary';
import { canonicalJson } from './canonical';
import { bytesToBase64, keyIdOf, verificationCode, type PublicKeyWire } from './envelope';
import { summaryContentSha256, verifyDocumentBytes } from './document';
import { RECORD_TYPES, type SummaryRecord } from './records';

const detail = {
  id: 1,
  code: 123456789012,
  binnacle: [],
} as unknown as Parameters<typeof buildSummaryPdf>[0];

async function signerAndKeys() {
  const pair = generateKeyPairSync('ed25519');
  const raw = new Uint8Array(Buffer.from(pair.publicKey.export({ format: 'jwk' }).x!, 'base64url'));
  const id = await keyIdOf(raw);
  const key: PublicKeyWire = {
    id,
    algoritmo: 'Ed25519',
    clave: bytesToBase64(raw),
    pem: '',
    valida_desde: '2026-01-01T00:00:00.000Z',
    valida_hasta: null,
    revocada_en: null,
  };
  const sign = async (record: object) => {
    const registro = canonicalJson(record as never);
    const signature = ed25519Sign(null, Buffer.from(registro, 'utf8'), pair.privateKey);
    return { registro, firma: bytesToBase64(new Uint8Array(signature)), clave: id };
  };
  return { key, sign };
}

/** A summary sealed as the server seals it (decision 0051). */
async function sealedSummary() {
  const { key, sign } = await signerAndKeys();
  const recibo = await sign({ tipo: RECORD_TYPES.receipt, version: 1 });
  const code = await verificationCode(recibo.firma);
  const at = new Date('2026-11-21T23:45:07.000Z');
  const verification = { code, address: 'https://canal.example.cl/verificar-documento' };
  const plain = await buildSummaryPdf(detail, [], HEAD_OFFICE, at, null, verification);
  const record: SummaryRecord = {
    tipo: RECORD_TYPES.summary,
    version: 1,
    organizacion: { id: HEAD_OFFICE.id, nombre: HEAD_OFFICE.shortName },
    codigo: 123456789012,
    emitido_en: at.toISOString(),
    contenido_sha256: (await summaryContentSha256(plain))!,
    recibo,
  };
  const seal = await sign(record);
  const pdf = await buildSummaryPdf(detail, [], HEAD_OFFICE, at, null, { ...verification, seal });
  return { pdf, keys: [key], code };
}

describe('canonicalJson', () => {
  it('sorts every object’s members, writes no white space and refuses what JCS would write otherwise', () => {
    expect(canonicalJson({ b: [1, { d: 'ñ', c: null }], a: true })).toBe(
      '{"a":true,"b":[1,{"c":null,"d":"ñ"}]}',
    );
    expect(() => canonicalJson({ a: 1.5 })).toThrow();
  });

  it('writes an audit detail as the audit log always stored it: undefined members left out, nothing guessed', () => {
    // The bytes the API's own copy (removed) gave these details, which existing entries hold.
    expect(canonicalJson({ z: undefined, filtros: { caso: 7, hasta: undefined }, a: [] })).toBe(
      '{"a":[],"filtros":{"caso":7}}',
    );
    expect(canonicalJson(Object.assign(Object.create(null), { b: 'ñ', a: null }))).toBe(
      '{"a":null,"b":"ñ"}',
    );
    expect(() => canonicalJson({ cuando: new Date(0) as never })).toThrow();
    expect(() => canonicalJson([undefined] as never)).toThrow();
  });
});

describe('a sealed PDF summary', () => {
  it('verifies, with the receipt’s short code', async () => {
    const { pdf, keys, code } = await sealedSummary();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(await verifyDocumentBytes(pdf, keys)).toMatchObject({
      estado: 'autentico',
      codigo: code,
      mensaje: `Auténtico: emitido por ${HEAD_OFFICE.shortName} el 21-11-2026 / 20:45:07.`,
    });
  });

  it('is altered when a page gains an annotation, or the seal changes; unknown under another key', async () => {
    const { pdf, keys } = await sealedSummary();
    const doc = await PDFDocument.load(pdf);
    const annotation = doc.context.obj({ Type: 'Annot', Subtype: 'Text', Contents: 'falso' });
    doc.getPages()[0]!.node.set(PDFName.of('Annots'), doc.context.obj([annotation]));
    const annotated = await doc.save({ useObjectStreams: false });
    expect((await verifyDocumentBytes(annotated, keys)).estado).toBe('alterado');

    const text = Buffer.from(pdf).toString('latin1');
    const at = text.indexOf('/CanalDenunciasSello <') + 40;
    const changed = Buffer.from(pdf);
    changed[at] = changed[at] === 0x30 ? 0x31 : 0x30;
    expect((await verifyDocumentBytes(changed, keys)).estado).toBe('alterado');

    const other = await signerAndKeys();
    expect((await verifyDocumentBytes(pdf, [other.key])).estado).toBe('clave-desconocida');
  });
});
