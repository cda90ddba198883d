// The cluster test (issue 10), run by CI's last step (`npm run test:cluster`, CLUSTER=1): three
// instances of the compiled server (`npm run build:api`, then `node apps/api/dist/server.js` as
// `npm run start:prod` runs it) on one fresh PostgreSQL database and a fresh bucket in Swift,
// behind HAProxy, with a real SMTP server. Real HTTP throughout, through the balancer and straight
// to each instance. Needs DATABASE_URL (a PostgreSQL server; a database of its own is created and
// dropped) and the S3 settings that `scripts/swift/start.sh` prints.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyring } from '../../src/crypto/keys';
import { openDatabase } from '../../src/db/database';
import { Outbox } from '../../src/core/mail/outbox';
import { mailboxTransport } from '../../src/core/mail/transport';
import {
  buildApi,
  s3Env,
  startCluster,
  stopInstance,
  type Cluster,
  type Instance,
} from '@canal/test-support/cluster';
import { denuncia, EMAIL, HEAD_OFFICE, PASSWORD } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { multipart, type Part } from '@canal/test-support/multipart';
import { sendOverTus } from '@canal/test-support/tus';
import { startSmtp } from '../support/smtp';
import { ERASURE_STATE_KEY } from '../../src/core/retention/erasure-key-store';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const databaseUrl = process.env.DATABASE_URL;
const s3 = s3Env();
// Each instance sends with its own envelope sender, so the SMTP server tells who sent what.
const sender = (name: string) => `no-responder+${name}@canal-denuncias.local`;
// Each instance's /metrics tells which requests it answered.
const METRICS_TOKEN = randomBytes(16).toString('hex');

let cluster: Cluster;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let api: [Instance, Instance, Instance];

beforeAll(async () => {
  if (!databaseUrl) throw new Error('DATABASE_URL (un servidor PostgreSQL) es obligatoria');
  if (!s3) throw new Error('faltan STORAGE=s3 y S3_*: eval "$(scripts/swift/start.sh)"');
  await buildApi();
  // A slow SMTP server: a batch of mail takes seconds to send, so an instance can be stopped mid-batch.
  smtp = await startSmtp(0, { answerAfterMs: 150 });
  cluster = await startCluster({
    instances: 3,
    databaseUrl,
    s3,
    env: (name) => ({
      SMTP_URL: smtp.url,
      MAIL_FROM: `Canal de Denuncias <${sender(name)}>`,
      METRICS_TOKEN,
    }),
  });
  api = cluster.instances as [Instance, Instance, Instance];
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await smtp?.stop();
});

async function bodyOf(parts: Part[]) {
  const { body, headers } = multipart(parts);
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return { body: Buffer.concat(chunks), headers };
}

const json = { 'content-type': 'application/json', 'x-filial': HEAD_OFFICE };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** How many PATCHes of resumable uploads `instance` has answered (its /metrics). */
async function tusPatchesOn(instance: Instance): Promise<number> {
  const metrics = await fetch(`${instance.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(metrics.status).toBe(200);
  return (await metrics.text())
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('http_request_duration_seconds_count{') &&
        line.includes('route="/v1/denuncias/subidas/:id"') &&
        line.includes('method="PATCH"'),
    )
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

describe('three instances behind HAProxy on one PostgreSQL and Swift', () => {
  it('all came up together on the empty database and serve: /readyz 200 on each and through HAProxy', async () => {
    for (const instance of api) expect((await fetch(`${instance.url}/readyz`)).status).toBe(200);
    expect(await cluster.balancer.states()).toEqual({
      'api-1': 'UP',
      'api-2': 'UP',
      'api-3': 'UP',
    });
    for (let i = 0; i < 6; i++)
      expect((await fetch(`${cluster.balancer.url}/readyz`)).status).toBe(200);
    const [seeded] = await cluster.db.query<{ n: number }>(
      'SELECT count(DISTINCT organization_id)::int AS n FROM master_categories',
    );
    expect(seeded!.n).toBe(13);
  });

  it('a complaint filed on one instance is signed into, followed up and its file downloaded on the others', async () => {
    const attachment = pdf(`Antecedente ${randomBytes(8).toString('hex')}`);
    const form = await bodyOf([
      { name: 'denuncia', json: denuncia() },
      { name: 'files', filename: 'acta.pdf', content: attachment, contentType: 'application/pdf' },
    ]);
    const filed = await fetch(`${api[0].url}/v1/denuncias`, {
      method: 'POST',
      headers: { ...form.headers, 'x-filial': HEAD_OFFICE },
      body: form.body,
    });
    expect(filed.status).toBe(201);
    const { ticket } = (await filed.json()) as { ticket: number };

    const login = await fetch(`${api[1].url}/v1/denuncias/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ticket, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const auth = { ...json, authorization: `Bearer ${token}` };

    const comment = await fetch(`${api[2].url}/v1/denuncias/add-comentario`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ denuncia_id: ticket, comentario: 'Agrego un antecedente.' }),
    });
    expect(comment.status).toBe(201);
    const detail = await fetch(`${api[0].url}/v1/denuncias/${ticket}`, { headers: auth });
    expect(detail.status).toBe(200);
    expect(JSON.stringify(await detail.json())).toContain('Agrego un antecedente.');

    const list = await fetch(`${api[2].url}/v1/denuncias/${ticket}/adjuntos`, { headers: auth });
    expect(list.status).toBe(200);
    const files = (await list.json()) as { path: string; name: string }[];
    expect(files.map((f) => f.name)).toEqual(['acta.pdf']);
    // The signed link works on every instance and through the balancer (each of its servers).
    for (const base of [api[1].url, api[2].url, ...Array(3).fill(cluster.balancer.url)]) {
      const download = await fetch(`${base}${files[0]!.path}`);
      expect(download.status, base).toBe(200);
      expect(Buffer.from(await download.arrayBuffer()).equals(attachment), base).toBe(true);
    }
    // Stored once, in the bucket, encrypted (not the bytes sent).
    // (Beside it, the erasure ratchet's state the instances share, decision 0047.)
    const keys = (await cluster.bucket!.keys()).filter((k) => k !== ERASURE_STATE_KEY);
    expect(keys).toHaveLength(1);
  });

  it('a resumable upload through HAProxy, its PATCHes answered by different instances, arrives with the same SHA-256', async () => {
    const base = cluster.balancer.url;
    const form = await bodyOf([{ name: 'denuncia', json: denuncia() }]);
    const filed = await fetch(`${base}/v1/denuncias`, {
      method: 'POST',
      headers: { ...form.headers, 'x-filial': HEAD_OFFICE },
      body: form.body,
    });
    expect(filed.status).toBe(201);
    const { ticket } = (await filed.json()) as { ticket: number };
    const login = await fetch(`${base}/v1/denuncias/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ ticket, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const session = { 'x-filial': HEAD_OFFICE, authorization: `Bearer ${token}` };
    // The status in which the complainant may send files.
    await cluster.db.query('UPDATE complaints SET status = $2 WHERE ticket = $1', [
      ticket,
      'Faltan antecedentes',
    ]);

    // 3 MiB in PATCHes of 1 MiB: HAProxy balances each request round robin, so each PATCH goes
    // to another instance than the one before, which resumes from what the row in PostgreSQL
    // and the parts in the bucket say.
    const MIB = 1024 * 1024;
    const content = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3 * MIB - 9)]);
    const before = await Promise.all(api.map(tusPatchesOn));
    const { url, offsets } = await sendOverTus(content, {
      endpoint: `${base}/v1/denuncias/subidas`,
      headers: session,
      filename: 'informe.pdf',
      chunkSize: MIB,
    });
    expect(offsets).toEqual([0, MIB, 2 * MIB]);
    const after = await Promise.all(api.map(tusPatchesOn));
    const answered = after.map((n, i) => n - before[i]!);
    expect(answered.reduce((sum, n) => sum + n)).toBe(3);
    expect(
      answered.filter((n) => n > 0).length,
      `PATCH por instancia: ${answered}`,
    ).toBeGreaterThan(1);

    // Named by the complainant's entry, it is the complaint's file: downloaded through the
    // balancer, the very bytes sent.
    const entry = await bodyOf([
      {
        name: 'bitacora',
        json: {
          codigo: ticket,
          comentario: 'Informe enviado en partes',
          usuario: EMAIL,
          subidas: [url.split('/').at(-1)],
        },
      },
    ]);
    const attached = await fetch(`${base}/v1/denuncias/upload-files`, {
      method: 'POST',
      headers: { ...entry.headers, ...session },
      body: entry.body,
    });
    expect(attached.status, await attached.clone().text()).toBe(201);
    const list = await fetch(`${base}/v1/denuncias/${ticket}/adjuntos`, { headers: session });
    const files = (await list.json()) as { path: string; name: string }[];
    const file = files.find((f) => f.name === 'informe.pdf');
    expect(file, JSON.stringify(files)).toBeDefined();
    const download = await fetch(`${base}${file!.path}`);
    expect(download.status).toBe(200);
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(content));
    const left = await cluster.db.query('SELECT 1 FROM resumable_uploads');
    expect(left).toHaveLength(0);
  });

  // Expected to fail until the per-client limits count in PostgreSQL (issue 10, "Shared state").
  it('counts the per-client sign-in limit once: spread over the instances, 429 at the same total as on one', async () => {
    const attempt = (instance: Instance, client: string) =>
      fetch(`${instance.url}/v1/denuncias/login`, {
        method: 'POST',
        // Each attempt names another unknown ticket: only the per-client limit can refuse it.
        headers: { ...json, 'x-forwarded-for': client },
        body: JSON.stringify({
          ticket: 100_000_000_000 + Math.floor(Math.random() * 800_000_000_000),
          password: 'Otra#Clave1',
        }),
      }).then((r) => r.status);
    // One instance: how many attempts one client gets before the first 429.
    let allowed = 0;
    for (;;) {
      const status = await attempt(api[0], '198.51.100.7');
      if (status === 429) break;
      expect(status).toBe(401);
      allowed += 1;
      if (allowed > 500) throw new Error('sin límite por cliente');
    }
    expect(allowed).toBeGreaterThan(0);
    // Another client, its attempts spread round robin over the three instances.
    const spread: number[] = [];
    for (let i = 0; i <= allowed; i++) spread.push(await attempt(api[i % 3]!, '198.51.100.8'));
    expect(spread.slice(0, allowed).every((s) => s === 401)).toBe(true);
    expect(spread[allowed], `intento ${allowed + 1} repartido en tres instancias`).toBe(429);
  });

  it('SIGTERM of an instance while the outbox drains loses and duplicates no mail', async () => {
    // The earlier cases' mail is out first.
    for (let i = 0; i < 300; i++) {
      const [left] = await cluster.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM outbox WHERE status <> 'sent'`,
      );
      if (left!.n === 0) break;
      await sleep(100);
    }
    const before = smtp.inbox.length;
    // 30 mails queued at once, in one transaction, as the API queues them (sealed with the key).
    const db = await openDatabase({ url: cluster.db.url });
    const keyring = createKeyring(Buffer.from(cluster.env.DATA_ENCRYPTION_KEY!, 'hex'));
    const outbox = new Outbox(keyring, mailboxTransport(db, keyring), 'no-usado');
    const recipients = Array.from({ length: 30 }, (_, i) => `cola-${i}@correo.cl`);
    await db.transaction(async (tx) => {
      for (const [i, to] of recipients.entries())
        await outbox.enqueue(tx, {
          to,
          organizationId: HEAD_OFFICE,
          complaintId: null,
          message: {
            kind: 'confirmation',
            ticket: 900_000_000_000 + i,
            createdAt: new Date(),
            portalUrl: 'http://127.0.0.1',
          },
        });
    });
    await db.close();
    const arrived = () => smtp.inbox.slice(before);

    // The first instance that sends is stopped while its batch is still going out.
    let first = '';
    for (let i = 0; i < 300 && !first; i++) {
      first = arrived()[0]?.from ?? '';
      if (!first) await sleep(50);
    }
    const victim = api.find((a) => sender(a.name) === first);
    expect(victim, `remitente ${first}`).toBeDefined();
    const stoppedAt = arrived().length;
    const code = await stopInstance(victim!, 'SIGTERM');
    expect(code, victim!.log()).toBe(0);
    expect(stoppedAt).toBeLessThan(recipients.length);

    // The others send the rest (what the stopped one gave back included) within a few drains.
    for (let i = 0; i < 600 && arrived().length < recipients.length; i++) await sleep(100);
    // And nothing more arrives late (a duplicate would come from a lease running out).
    await sleep(3000);
    const mails = arrived();
    const count = new Map<string, number>();
    for (const m of mails) for (const to of m.to) count.set(to, (count.get(to) ?? 0) + 1);
    expect(Object.fromEntries(count)).toEqual(Object.fromEntries(recipients.map((r) => [r, 1])));
    const byVictim = mails.filter((m) => m.from === sender(victim!.name)).length;
    expect(byVictim).toBeGreaterThan(0);
    expect(byVictim).toBeLessThan(recipients.length);
    const rows = await cluster.db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM outbox WHERE kind = 'confirmation' GROUP BY status`,
    );
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
  });
});
