import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditLeavesPageWire } from '@canal/shared/contract';
import {
  AUDIT_GENESIS_HASH,
  auditEntryContentJson,
  auditLeafEntryJson,
  merkleLeafHash,
  noteKeyHash,
} from '@canal/shared/proof';
import { AuditPage } from './AuditPage';
import { AUDITOR, renderStaffPage } from '../../test/back-office';
import { ok, staffApi } from '../../test/msw/back-office';
import { callsTo, hold, queryOf, recordRequests, server } from '../../test/msw/server';

/**
 * «Verificar todo el registro» (issue 20, decision 0073): the audit page checks the whole log in
 * this browser against the latest signed checkpoint, with the shared code, and names the first
 * entry that fails. The log here is a real one: chained (three plain SHA-256 links, then keyed
 * ones), each leaf the shared encoding of its entry, the root built by an RFC 6962 tree written
 * here, the checkpoint a signed note signed here with Ed25519.
 */

type Entry = AuditLeavesPageWire['entradas'][number];

const encoder = new TextEncoder();
const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
const hexOf = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const sha = async (...parts: Uint8Array[]) => {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return new Uint8Array(await crypto.subtle.digest('SHA-256', all));
};

/** RFC 6962 MTH, recursively, independent of the streaming builder under test. */
async function mth(leaves: Uint8Array[]): Promise<Uint8Array> {
  if (leaves.length === 0) return sha();
  if (leaves.length === 1) return leaves[0]!;
  let k = 1;
  while (k * 2 < leaves.length) k *= 2;
  return sha(new Uint8Array([1]), await mth(leaves.slice(0, k)), await mth(leaves.slice(k)));
}

const ACTIONS = ['cuenta.activada', 'caso.visto', 'caso.estado', 'auditoria.exportada'];

/** A log of `n` entries as `GET /v1/gestion/auditoria/hojas` gives it. */
async function buildLog(n: number) {
  const chainKey = await crypto.subtle.importKey(
    'raw',
    crypto.getRandomValues(new Uint8Array(32)),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const entries: Entry[] = [];
  const leaves: Uint8Array[] = [];
  let prev = AUDIT_GENESIS_HASH;
  for (let i = 0; i < n; i += 1) {
    const content = {
      id: i + 1,
      created_at: new Date(Date.UTC(2026, 2, 2, 12, 0, i)).toISOString(),
      actor_id: i % 3 === 0 ? null : 40 + i,
      action: ACTIONS[i % ACTIONS.length]!,
      complaint_id: i % 2 === 0 ? 700 + i : null,
      detail: i === 4 ? '{"nota":"Revisión «urgente» \\"ñandú\\""}' : `{"n":${i}}`,
    };
    const version = i < 3 ? 1 : 2;
    const hashed = encoder.encode(auditEntryContentJson(content));
    const hash =
      version === 1
        ? hexOf(await sha(encoder.encode(prev), hashed))
        : hexOf(
            new Uint8Array(
              await crypto.subtle.sign(
                'HMAC',
                chainKey,
                new Uint8Array([...encoder.encode(`canal/audit/v2|${prev}`), ...hashed]),
              ),
            ),
          );
    const leaf = await merkleLeafHash(encoder.encode(auditLeafEntryJson({ ...content, hash })));
    leaves.push(leaf);
    entries.push({
      id: content.id,
      hash,
      hash_anterior: prev,
      version_cadena: version,
      contenido: {
        fecha: content.created_at,
        accion: content.action,
        usuario_id: content.actor_id,
        caso_id: content.complaint_id,
        detalle: content.detail,
      },
      hoja: null,
      hoja_guardada: b64(leaf),
      indice: i,
    });
    prev = hash;
  }
  return { entries, root: await mth(leaves) };
}

const origin = 'canal.example.cl/auditoria';

/** A checkpoint of `size` entries with `root`, signed by a fresh key; the key as published. */
async function signedCheckpoint(size: number, root: Uint8Array) {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const pub = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  const issued = '2026-03-02T15:30:00.000Z';
  const body = `${origin}\n${size}\n${b64(root)}\ntime ${issued}\n`;
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, encoder.encode(body)),
  );
  const keyHash = await noteKeyHash(origin, pub);
  const texto = `${body}\n\u2014 ${origin} ${b64(new Uint8Array([...keyHash, ...signature]))}\n`;
  return {
    checkpoint: {
      texto,
      tamano: size,
      raiz: b64(root),
      emitido_en: issued,
      clave: '0123456789abcdef',
    },
    key: {
      id: '0123456789abcdef',
      algoritmo: 'Ed25519' as const,
      clave: b64(pub),
      pem: '',
      valida_desde: '2026-01-01T00:00:00.000Z',
      valida_hasta: null,
      revocada_en: null,
    },
  };
}

async function runCheck(options: {
  entries: Entry[];
  checkpoint: Awaited<ReturnType<typeof signedCheckpoint>>['checkpoint'];
  key: Awaited<ReturnType<typeof signedCheckpoint>>['key'];
}) {
  const calls = recordRequests();
  server.use(
    staffApi.audit(ok({ total: 0, entradas: [] })),
    staffApi.auditCheckpoint(ok(options.checkpoint)),
    staffApi.publicKeys(ok({ claves: [options.key] })),
    // The page, then the end of the log.
    staffApi.auditLeaves(ok({ entradas: options.entries }), ok({ entradas: [] })),
  );
  renderStaffPage(<AuditPage />, { path: '/gestion/auditoria', route: 'auditoria', user: AUDITOR });
  await userEvent.click(await screen.findByRole('button', { name: 'Verificar todo el registro' }));
  return calls;
}

describe('the whole audit log checked in the browser', () => {
  it('says the log is whole when every entry matches the signed checkpoint', async () => {
    const { entries, root } = await buildLog(13);
    const signed = await signedCheckpoint(13, root);
    // Entries after the checkpoint (appended since) are not part of it.
    const later = { ...entries[12]!, id: 99, indice: 13, hash_anterior: entries[12]!.hash };
    const calls = await runCheck({ entries: [...entries, later], ...signed });
    const done = await screen.findByText(/Registro íntegro/);
    expect(done).toHaveTextContent(
      'Registro íntegro: 13 entradas coinciden con el punto de control firmado el 02-03-2026 / 12:30:00.',
    );
    expect(callsTo(calls, 'GET', '/v1/gestion/auditoria/hojas').map(queryOf)[0]).toEqual({
      despues: '0',
      limite: '2000',
    });
  });

  it('names the entry whose content was altered, with its date and action', async () => {
    const { entries, root } = await buildLog(13);
    const signed = await signedCheckpoint(13, root);
    const altered = entries.map((e) =>
      e.id === 7 ? { ...e, contenido: { ...e.contenido!, detalle: '{"n":600}' } } : e,
    );
    await runCheck({ entries: altered, ...signed });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registro no íntegro: una entrada fue alterada.');
    expect(alert).toHaveTextContent(
      'Primera entrada que falla: N° 7 (posición 7, 02-03-2026 / 09:00:06, Cambio de estado).',
    );
    expect(alert).toHaveTextContent(/la entrada fue alterada/);
  });

  it('names a plain-linked entry rewritten together with its stored leaf: its link no longer fits', async () => {
    const { entries, root } = await buildLog(13);
    const signed = await signedCheckpoint(13, root);
    // Whoever rewrote entry 2 also rewrote its stored leaf: the version 1 link gives it away.
    const e = entries[1]!;
    const content = { ...e.contenido!, detalle: '{"n":-1}' };
    const leaf = await merkleLeafHash(
      encoder.encode(
        auditLeafEntryJson({
          id: e.id,
          created_at: content.fecha,
          actor_id: content.usuario_id,
          action: content.accion,
          complaint_id: content.caso_id,
          detail: content.detalle,
          hash: e.hash,
        }),
      ),
    );
    const rewritten = entries.map((x) =>
      x.id === 2 ? { ...x, contenido: content, hoja_guardada: b64(leaf) } : x,
    );
    await runCheck({ entries: rewritten, ...signed });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Primera entrada que falla: N° 2');
    expect(alert).toHaveTextContent('Su hash no corresponde a su contenido');
  });

  it('says the root differs when a keyed entry and its stored leaf were rewritten together', async () => {
    const { entries, root } = await buildLog(13);
    const signed = await signedCheckpoint(13, root);
    const e = entries[9]!;
    const content = { ...e.contenido!, accion: 'archivo.descargado' };
    const leaf = await merkleLeafHash(
      encoder.encode(
        auditLeafEntryJson({
          id: e.id,
          created_at: content.fecha,
          actor_id: content.usuario_id,
          action: content.accion,
          complaint_id: content.caso_id,
          detail: content.detalle,
          hash: e.hash,
        }),
      ),
    );
    const rewritten = entries.map((x) =>
      x.id === 10 ? { ...x, contenido: content, hoja_guardada: b64(leaf) } : x,
    );
    await runCheck({ entries: rewritten, ...signed });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Registro no íntegro: la raíz no coincide con la del punto de control.',
    );
  });

  it('says entries are missing when the last ones were removed, naming the last one left', async () => {
    const { entries, root } = await buildLog(13);
    const signed = await signedCheckpoint(13, root);
    await runCheck({ entries: entries.slice(0, 10), ...signed });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registro no íntegro: faltan entradas.');
    expect(alert).toHaveTextContent('Última entrada que queda: N° 10 (posición 10');
    expect(alert).toHaveTextContent('cubre 13 entradas y el registro entrega 10');
  });

  it('names the entry after one removed from the middle', async () => {
    const { entries, root } = await buildLog(13);
    const signed = await signedCheckpoint(13, root);
    await runCheck({ entries: entries.filter((e) => e.id !== 5), ...signed });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Registro no íntegro: faltan entradas.');
    expect(alert).toHaveTextContent('Primera entrada que falla: N° 6 (posición 5');
  });

  it('refuses a checkpoint whose signature does not hold', async () => {
    const { entries, root } = await buildLog(13);
    const signed = await signedCheckpoint(13, root);
    // The note's time moved a minute after it was signed.
    const texto = signed.checkpoint.texto.replace('time 2026-03-02T15:30', 'time 2026-03-02T15:31');
    const calls = await runCheck({
      entries,
      key: signed.key,
      checkpoint: { ...signed.checkpoint, texto },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Registro no íntegro: la firma del punto de control no es válida. La firma del punto de control no es válida: fue alterado.',
    );
    expect(within(alert).queryByText(/Primera entrada/)).toBeNull();
    // Nothing of the log is read for a checkpoint that cannot be trusted.
    expect(callsTo(calls, 'GET', '/v1/gestion/auditoria/hojas')).toHaveLength(0);
  });

  it('shows its progress while it reads the log, and stops when cancelled', async () => {
    const { entries, root } = await buildLog(13);
    const signed = await signedCheckpoint(13, root);
    server.use(
      staffApi.audit(ok({ total: 0, entradas: [] })),
      staffApi.auditCheckpoint(ok(signed.checkpoint)),
      staffApi.publicKeys(ok({ claves: [signed.key] })),
      staffApi.auditLeaves(ok({ entradas: entries })),
    );
    const page = hold('get', '/v1/gestion/auditoria/hojas');
    renderStaffPage(<AuditPage />, {
      path: '/gestion/auditoria',
      route: 'auditoria',
      user: AUDITOR,
    });
    const start = await screen.findByRole('button', { name: 'Verificar todo el registro' });
    await userEvent.click(start);
    expect(await screen.findByText('Verificando 0 de 13…')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Avance de la verificación del registro' }),
    ).toHaveAttribute('aria-valuenow', '0');
    expect(start).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(
      await screen.findByText('Verificación cancelada: no se llegó a un resultado.'),
    ).toBeInTheDocument();
    expect(start).toBeEnabled();
    // The page held arrives after the cancel: no result is shown for it.
    page.release();
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByText(/Registro íntegro/)).toBeNull();
    expect(screen.queryByText(/Verificando/)).toBeNull();
  });
});
