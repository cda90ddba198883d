// The local mailbox (no SMTP_URL), registered outside production only.
import { z } from 'zod';
import { binary, endpoint, errors } from './core';

export const mailboxMessageSchema = z.object({
  id: z.number(),
  /** ISO 8601 instant. */
  createdAt: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

export const mailboxJson = endpoint({
  method: 'GET',
  path: '/dev/correo.json',
  tag: 'Desarrollo',
  access: 'development',
  hidden: true,
  summary: 'Los correos del buzón local, el más nuevo primero (para scripts y pruebas)',
  responses: { 200: z.array(mailboxMessageSchema), ...errors(500) },
});

export const mailboxPage = endpoint({
  method: 'GET',
  path: '/dev/correo',
  tag: 'Desarrollo',
  access: 'development',
  hidden: true,
  summary: 'Los correos del buzón local como página',
  responses: { 200: binary(['text/html; charset=utf-8'], false), ...errors(500) },
});

export const dev = { mailboxJson, mailboxPage } as const;
