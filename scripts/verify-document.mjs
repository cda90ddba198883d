#!/usr/bin/env node
// Offline check of a PDF summary the channel sealed (decision 0053), with Node's own modules only:
//   node verify-document.mjs "Resumen Denuncia 123.pdf" claves.json
// claves.json is what GET /v1/claves-publicas answers (kept by whoever checks). It prints
// "auténtico" or why not, and exits 0 only when authentic. A dossier ZIP needs only openssl
// (README, "Verificar un documento sin conexión").
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

const [pdfPath, keysPath] = process.argv.slice(2);
if (!pdfPath || !keysPath) {
  console.error('Uso: node verify-document.mjs documento.pdf claves.json');
  process.exit(2);
}
const pdf = readFileSync(pdfPath);
const text = pdf.toString('latin1');
const keys = JSON.parse(readFileSync(keysPath, 'utf8')).claves;
const fail = (why) => {
  console.log(`NO auténtico: ${why}`);
  process.exit(1);
};

/** A signed record `{ registro, firma, clave }`: the record if a published key signed it. */
function check(signed) {
  const key = keys.find((k) => k.id === signed.clave);
  if (!key) fail('clave desconocida');
  const ok = verify(
    null,
    Buffer.from(signed.registro, 'utf8'),
    createPublicKey(key.pem),
    Buffer.from(signed.firma, 'base64'),
  );
  if (!ok) fail('alterado (la firma no corresponde)');
  if (key.revocada_en) fail(`clave revocada el ${key.revocada_en}`);
  return JSON.parse(signed.registro);
}

// The seal: a hex string (UTF-16BE with its byte-order mark) in the document information.
const sealHex = /\/CanalDenunciasSello\s*<([0-9A-Fa-f]+)>/.exec(text)?.[1];
if (!sealHex) fail('sin sello del canal');
const sealUtf16 = Buffer.from(sealHex, 'hex').subarray(2).swap16();
const record = check(JSON.parse(sealUtf16.toString('utf16le')));
check(record.recibo);

// What the pages draw: each page's content streams inflated, in page order, pages separated by a
// form feed; their SHA-256 is the seal's contenido_sha256.
const object = (n) => {
  const at = text.search(new RegExp(`(^|[^0-9])${n} 0 obj`));
  if (at < 0) fail(`falta el objeto ${n}`);
  return at;
};
const refs = (s) => [...s.matchAll(/(\d+) 0 R/g)].map((m) => Number(m[1]));
const dictAt = (n) => text.slice(object(n), text.indexOf('endobj', object(n)));
const catalog = /\/Root (\d+) 0 R/.exec(text)?.[1];
const pagesRef = /\/Pages (\d+) 0 R/.exec(dictAt(catalog))?.[1];
const kids = refs(/\/Kids\s*\[([^\]]*)\]/.exec(dictAt(pagesRef))[1]);
const parts = [];
kids.forEach((page, i) => {
  if (i > 0) parts.push(Buffer.of(0x0c));
  const contents = /\/Contents\s*(\[[^\]]*\]|\d+ 0 R)/.exec(dictAt(page))[1];
  for (const n of refs(contents)) {
    const start = object(n);
    const head = text.slice(start, text.indexOf('stream', start));
    const length = Number(/\/Length (\d+)/.exec(head)[1]);
    const dataAt = text.indexOf('stream', start) + 'stream'.length;
    const from = text[dataAt] === '\r' ? dataAt + 2 : dataAt + 1;
    const data = pdf.subarray(from, from + length);
    parts.push(/\/FlateDecode/.test(head) ? inflateSync(data) : data);
  }
});
const content = createHash('sha256').update(Buffer.concat(parts)).digest('hex');
if (content !== record.contenido_sha256) fail('alterado (el contenido de las páginas cambió)');
console.log(
  `auténtico: emitido por ${record.organizacion.nombre} el ${record.emitido_en} (denuncia ${record.codigo})`,
);
