import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  to: string[];
  /** The envelope sender (MAIL FROM). */
  from: string;
  raw: string;
}

export interface SmtpBehaviour {
  /** Waits this long after a message's data before answering it (a slow server). */
  answerAfterMs?: number;
  /** Refuses this many messages first, with a temporary error (451), after reading them. */
  refuseFirst?: number;
}

/**
 * A real SMTP server on a free local port that keeps what it receives (`inbox`) and every message
 * it was given, refused ones too (`attempts`).
 */
export async function startSmtp(
  port = 0,
  behaviour: SmtpBehaviour = {},
): Promise<{
  url: string;
  port: number;
  inbox: ReceivedMail[];
  attempts: ReceivedMail[];
  stop: () => Promise<void>;
}> {
  const inbox: ReceivedMail[] = [];
  const attempts: ReceivedMail[] = [];
  let toRefuse = behaviour.refuseFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          from: from ? from.address : '',
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        attempts.push(mail);
        setTimeout(() => {
          if (toRefuse > 0) {
            toRefuse -= 1;
            const error = new Error('Servicio no disponible por ahora') as Error & {
              responseCode: number;
            };
            error.responseCode = 451;
            return callback(error);
          }
          inbox.push(mail);
          callback();
        }, behaviour.answerAfterMs ?? 0);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    inbox,
    attempts,
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
