// Resumable uploads from Node (issue 21, decisions 0055 and 0074): tus-js-client, the library the
// portal and the back office send files with, as the API's tests and the cluster test drive it.
import * as tus from 'tus-js-client';
import { startCuttingProxy } from './cutting-proxy';

export interface TusUpload {
  /** Where uploads are created: absolute, since tus-js-client resolves each `Location` on it. */
  endpoint: string;
  /** The headers of every request (the session, the pending filing's token…). */
  headers: Record<string, string>;
  filename: string;
  /** Bytes per PATCH (default: the whole rest of the file in one, as the portal sends). */
  chunkSize?: number;
  /** The waits before each new try after a failure (short: a test's connections are local). */
  retryDelays?: number[];
}

export interface SentOverTus {
  /** The upload's address (its last segment is the id the attaching call names). */
  url: string;
  /** The `Upload-Offset` of each PATCH sent, in order: where each try resumed. */
  offsets: number[];
}

/** Sends `content` whole over tus; resolves once the server has every byte, rejects on a refusal. */
export function sendOverTus(content: Buffer, options: TusUpload): Promise<SentOverTus> {
  const offsets: number[] = [];
  return new Promise<SentOverTus>((resolve, reject) => {
    const upload = new tus.Upload(content, {
      endpoint: options.endpoint,
      headers: options.headers,
      metadata: { filename: options.filename },
      ...(options.chunkSize ? { chunkSize: options.chunkSize } : {}),
      retryDelays: options.retryDelays ?? [300, 600, 1000, 2000, 3000],
      onError: reject,
      onSuccess: () => resolve({ url: upload.url!, offsets }),
      onBeforeRequest: (req) => {
        if (req.getMethod() === 'PATCH') offsets.push(Number(req.getHeader('Upload-Offset')));
      },
    });
    upload.start();
  });
}

export interface CutsAndSwitches extends Omit<TusUpload, 'endpoint'> {
  /**
   * The instances' ports on loopback: the first takes the upload, each cut moves to the next
   * (one port: the client resumes on the same instance).
   */
  ports: number[];
  /** The upload route's path on them (`/v1/denuncias/subidas`…). */
  path: string;
  /** Bytes sent up before each cut, each counted from the one before. */
  cutsAfter: number[];
}

/**
 * Sends `content` over tus through a cutting proxy (`cutting-proxy.ts`) in front of instances on
 * one database and one object store, as a dropped mobile line behind a balancer:
 * the connection carrying the next `cutsAfter` bytes is cut, and the connections after each cut
 * go to the next instance, where the client resumes. `cuts`: the bytes sent up at each cut made.
 */
export async function sendThroughCuts(
  content: Buffer,
  options: CutsAndSwitches,
): Promise<SentOverTus & { cuts: number[] }> {
  const { ports, path, cutsAfter, ...upload } = options;
  let target = 0;
  const proxy = await startCuttingProxy(() => ports[target]!);
  const cuts: number[] = [];
  void (async () => {
    for (const after of cutsAfter) {
      await proxy.cutAfter(after);
      cuts.push(proxy.up);
      target = (target + 1) % ports.length;
    }
  })();
  try {
    const sent = await sendOverTus(content, {
      ...upload,
      endpoint: `http://127.0.0.1:${proxy.port}${path}`,
    });
    return { ...sent, cuts };
  } finally {
    await proxy.close();
  }
}
