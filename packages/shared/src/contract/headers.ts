// Request headers the guards read. Declared for documentation and typed clients; the API's guards
// (not schema validation) check them today, with their own Spanish messages.
import { z } from 'zod';

/** Every portal call names its organisation (`x-filial`, an organisation GUID or key). */
export const organizationHeaders = z.object({ 'x-filial': z.string() });

/** Portal calls that need a person: the bot-check token (ALTCHA payload or reCAPTCHA token). */
export const humanHeaders = organizationHeaders.extend({ 'x-grecaptcha': z.string().optional() });

/** Portal calls of a signed-in complainant: `Authorization: Bearer <token>`. */
export const complainantHeaders = humanHeaders.extend({ authorization: z.string() });

/**
 * Back-office calls: the httpOnly session cookie `gestion_sesion` travels in `cookie`; writes
 * (POST, PUT, PATCH, DELETE) echo the `gestion_csrf` cookie in `x-csrf-token`.
 */
export const staffHeaders = z.object({
  cookie: z.string().optional(),
  'x-csrf-token': z.string().optional(),
});

export const STAFF_SESSION_COOKIE = 'gestion_sesion';
export const STAFF_CSRF_COOKIE = 'gestion_csrf';
export const STAFF_CSRF_HEADER = 'x-csrf-token';
