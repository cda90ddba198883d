// A filing load over real HTTP (issue 25): workers file complaints with a small PDF, one after
// another, against one or several servers, until told to stop; every answer (or failure to get
// one) is kept. Used by the database-restart crash test and the cluster test.
import { randomBytes } from 'node:crypto';
import { denuncia, HEAD_OFFICE, PASSWORD } from '@canal/test-support/complaints';
import { pdf } from '@canal/test-support/files';
import { multipart } from '@canal/test-support/multipart';

export interface Filing {
  /** The server it was sent to. */
  base: string;
  /** The HTTP status, or 0 when no answer came (the connection failed). */
  status: number;
  /** The answer's `message` (errors). */
  message?: string;
  /** The ticket of a 201. */
  ticket?: number;
  /** Why no answer came. */
  error?: string;
}

/** The multipart body of one complaint with a one-page PDF, as bytes. */
export async function filingBody(): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const { body, headers } = multipart([
    { name: 'denuncia', json: denuncia() },
    {
      name: 'files',
      filename: 'acta.pdf',
      content: pdf(`Antecedente ${randomBytes(8).toString('hex')}`),
      contentType: 'application/pdf',
    },
  ]);
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(c as Buffer);
  return { body: Buffer.concat(chunks), headers };
}

/** Files one complaint at `base`. */
export async function fileOnce(base: string): Promise<Filing> {
  const { body, headers } = await filingBody();
  try {
    const answer = await fetch(`${base}/v1/denuncias`, {
      method: 'POST',
      headers: { ...headers, 'x-filial': HEAD_OFFICE },
      body,
      signal: AbortSignal.timeout(60_000),
    });
    const text = await answer.text();
    const json = (() => {
      try {
        return JSON.parse(text) as { ticket?: number; message?: string };
      } catch {
        return { message: text };
      }
    })();
    return { base, status: answer.status, ticket: json.ticket, message: json.message };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { base, status: 0, error: cause?.code ?? cause?.message ?? String(error) };
  }
}

/**
 * `workers` loops filing at `bases` (worker i at bases[i % n]) until `stop` aborts; resolves with
 * every filing once the last in flight has been answered.
 */
export async function fileUntil(
  bases: string[],
  workers: number,
  stop: AbortSignal,
): Promise<Filing[]> {
  const filings: Filing[] = [];
  await Promise.all(
    Array.from({ length: workers }, async (_, i) => {
      const base = bases[i % bases.length]!;
      while (!stop.aborted) filings.push(await fileOnce(base));
    }),
  );
  return filings;
}

/** Signs in to the complaint of `ticket` at `base` and reads it: the two statuses. */
export async function signInAndRead(
  base: string,
  ticket: number,
): Promise<{ login: number; read: number; files: number }> {
  const json = { 'content-type': 'application/json', 'x-filial': HEAD_OFFICE };
  const login = await fetch(`${base}/v1/denuncias/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ ticket, password: PASSWORD }),
  });
  if (login.status !== 200) return { login: login.status, read: 0, files: 0 };
  const { token } = (await login.json()) as { token: string };
  const auth = { ...json, authorization: `Bearer ${token}` };
  const read = await fetch(`${base}/v1/denuncias/${ticket}`, { headers: auth });
  await read.arrayBuffer();
  const list = await fetch(`${base}/v1/denuncias/${ticket}/adjuntos`, { headers: auth });
  const files = list.status === 200 ? ((await list.json()) as unknown[]).length : -1;
  return { login: login.status, read: read.status, files };
}
