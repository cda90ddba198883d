// Issue 25: during a failover the database's address may take connections that never answer (or
// answer nothing yet). A request must not hang on it: it fails within the connect timeout as the
// Spanish 503 of a database away for a moment.
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { CONNECT_TIMEOUT_MS } from '../../src/db/driver-errors';
import { AppError, ERRORS } from '../../src/errors';
import { toProblem } from '../../src/http/errors';

let silent: Server;
const sockets: Socket[] = [];
let port = 0;

beforeAll(async () => {
  // Takes every connection and says nothing, as an address whose server is not up yet may.
  silent = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  port = (silent.address() as { port: number }).port;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('a database that takes the connection and never answers', () => {
  it('fails a query within the connect timeout as DATABASE_UNAVAILABLE, a Spanish 503', async () => {
    const db = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/canal` });
    try {
      const started = Date.now();
      const error = await db.query('SELECT 1').then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('DATABASE_UNAVAILABLE');
      expect(toProblem(error)).toEqual({
        status: 503,
        message: ERRORS.DATABASE_UNAVAILABLE.message,
        retryAfter: undefined,
      });
      // Bounded (a liveness check, not a measure): it did not wait for TCP to give up.
      expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 20_000);
      // A transaction is refused the same way.
      await expect(db.transaction(async (tx) => tx.query('SELECT 1'))).rejects.toMatchObject({
        code: 'DATABASE_UNAVAILABLE',
      });
    } finally {
      await db.close();
    }
  }, 60_000);
});
