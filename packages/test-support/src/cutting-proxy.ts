import net from 'node:net';

/**
 * A TCP proxy between a client (the browser, tus-js-client) and the server, as a bad mobile
 * connection: everything passes until it is armed; then, once `after` more bytes have gone up
 * (client → server), the connection that carried them is cut (both sides, as a dropped link) or
 * stalled (nothing more is read from the client, as a phone whose screen locked), once.
 * Connections opened later pass, each to the port `target` names when it opens (a number, or a
 * function: the resumable-upload test sends the connection after a cut to another instance).
 */
export interface CuttingProxy {
  port: number;
  /** Bytes that went up through the proxy since it started. */
  readonly up: number;
  /** Cuts the connection that carries the next `after` bytes up. */
  cutAfter(after: number): Promise<void>;
  /** Stops reading from the connection that carries the next `after` bytes up. */
  stallAfter(after: number): Promise<void>;
  /**
   * Cuts the connection `stallAfter` stalled (both sides), once the test has done what it does
   * while the upload hangs (ends the session, say): the client then tries again.
   */
  cutStalled(): void;
  close(): Promise<void>;
}

export async function startCuttingProxy(target: number | (() => number)): Promise<CuttingProxy> {
  let up = 0;
  let armed: { mode: 'cut' | 'stall'; at: number; done: () => void } | null = null;
  const stalled = new Set<net.Socket>();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(typeof target === 'number' ? target : target(), '127.0.0.1');
    sockets.add(client).add(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      up += chunk.length;
      if (!armed || up < armed.at) return;
      const { mode, done } = armed;
      armed = null;
      if (mode === 'cut') {
        client.destroy();
        upstream.destroy();
      } else {
        client.unpipe(upstream);
        client.pause();
        stalled.add(client).add(upstream);
      }
      done();
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const arm = (mode: 'cut' | 'stall', after: number) =>
    new Promise<void>((done) => (armed = { mode, at: up + after, done }));
  return {
    port: (server.address() as net.AddressInfo).port,
    get up() {
      return up;
    },
    cutAfter: (after) => arm('cut', after),
    stallAfter: (after) => arm('stall', after),
    cutStalled() {
      for (const socket of stalled) socket.destroy();
      stalled.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
