import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  /** The envelope sender (MAIL FROM). */
  from: string;
  raw: string;
}

/**
 * A real SMTP server on a free local port that keeps what it receives. `delayMs` holds each
 * message that long before accepting it (a slow server: the cluster test stops an instance while
 * its batch is being sent).
 */
export async function startSmtp(
  port = 0,
  options: { delayMs?: number } = {},
): Promise<{ url: string; port: number; inbox: ReceivedMail[]; stop: () => Promise<void> }> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          const from = session.envelope.mailFrom;
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            from: from ? from.address : '',
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    inbox,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of a received message (quoted-printable and base64 parts). */
export function decodeMail(raw: string): string {
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const latin = Buffer.from(qp, 'latin1').toString('utf8');
  const b64 = [...raw.matchAll(/\r\n\r\n([A-Za-z0-9+/=\r\n]{40,})\r\n/g)]
    .map((m) => Buffer.from(m[1]!.replace(/\r\n/g, ''), 'base64').toString('utf8'))
    .join('\n');
  const subject = /^Subject: (.*(?:\r\n\s.*)*)/m.exec(raw)?.[1] ?? '';
  const decodedSubject = subject.replace(
    /=\?UTF-8\?([BQ])\?([^?]*)\?=/gi,
    (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
  );
  return `${decodedSubject.replace(/\r\n\s/g, '')}\n${latin}\n${b64}`;
}
