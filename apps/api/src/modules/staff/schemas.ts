import { z } from 'zod';
import { ORGANIZATIONS } from '@canal/shared';
import { STAFF_ROLES } from './roles';

// Wire names in Spanish like the rest of the API; messages are what the person reads.

export const staffEmailSchema = z
  .string({ error: 'Debe ingresar el correo.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'El correo no tiene un formato válido.' }).max(254, { error: 'El correo es demasiado largo.' }));

/** Staff passwords: long, with letters and digits (they open every case of their organisations). */
export const staffPasswordSchema = z
  .string({ error: 'Debe ingresar la contraseña.' })
  .min(12, { error: 'La contraseña debe tener al menos 12 caracteres.' })
  .max(128, { error: 'La contraseña puede tener como máximo 128 caracteres.' })
  .refine((p) => /\p{L}/u.test(p) && /\d/.test(p), { error: 'La contraseña debe combinar letras y números.' });

export const totpCodeSchema = z
  .string({ error: 'Debe ingresar el código de verificación.' })
  .trim()
  .regex(/^\d{6}$/, { error: 'El código de verificación tiene 6 dígitos.' });

export const signInSchema = z.object({
  email: staffEmailSchema,
  password: z.string({ error: 'Debe ingresar la contraseña.' }).min(1, { error: 'Debe ingresar la contraseña.' }).max(128),
  codigo: totpCodeSchema,
});

const invitationToken = z.string({ error: 'El enlace no es válido.' }).regex(/^[A-Za-z0-9_-]{43}$/, { error: 'El enlace no es válido.' });

export const invitationLookupSchema = z.object({ token: invitationToken });

export const activationSchema = z.object({ token: invitationToken, password: staffPasswordSchema, codigo: totpCodeSchema });

const organizationIds = z
  .array(
    z
      .string()
      .toLowerCase()
      .refine((id) => ORGANIZATIONS.some((o) => o.id === id), { error: 'Una de las organizaciones no es válida.' }),
    { error: 'Debe indicar las organizaciones.' },
  )
  .max(ORGANIZATIONS.length)
  .transform((ids) => [...new Set(ids)]);

const role = z.enum(STAFF_ROLES, { error: 'El rol debe ser administrador, investigador o auditor.' });
const name = z
  .string({ error: 'Debe ingresar el nombre.' })
  .trim()
  .min(2, { error: 'El nombre debe tener al menos 2 caracteres.' })
  .max(120, { error: 'El nombre puede tener como máximo 120 caracteres.' });

export const inviteSchema = z.object({ email: staffEmailSchema, nombre: name, rol: role, organizaciones: organizationIds.default([]) });

export const updateUserSchema = z
  .object({ nombre: name.optional(), rol: role.optional(), organizaciones: organizationIds.optional(), activo: z.boolean().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: 'No hay cambios que guardar.' });

export const idParamSchema = z.object({ id: z.coerce.number({ error: 'El identificador no es válido.' }).int().positive() });
