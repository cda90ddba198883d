import { z } from 'zod';
import { COMPLAINT_STATUSES } from '@canal/shared';

// The same rules and messages as the API's staff schemas (apps/api/src/modules/staff/schemas.ts).

export const staffEmail = z
  .string()
  .trim()
  .min(1, { error: 'Debe ingresar el correo.' })
  .pipe(z.email({ error: 'El correo no tiene un formato válido.' }).max(254, { error: 'El correo es demasiado largo.' }));

export const staffPassword = z
  .string()
  .min(12, { error: 'La contraseña debe tener al menos 12 caracteres.' })
  .max(128, { error: 'La contraseña puede tener como máximo 128 caracteres.' })
  .refine((p) => /\p{L}/u.test(p) && /\d/.test(p), { error: 'La contraseña debe combinar letras y números.' });

export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: 'El código de verificación tiene 6 dígitos.' });

export const signInFormSchema = z.object({
  email: staffEmail,
  password: z.string().min(1, { error: 'Debe ingresar la contraseña.' }).max(128),
  codigo: totpCode,
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const activationFormSchema = z
  .object({ password: staffPassword, confirmacion: z.string(), codigo: totpCode })
  .refine((v) => v.password === v.confirmacion, { error: 'Las contraseñas no coinciden.', path: ['confirmacion'] });
export type ActivationForm = z.infer<typeof activationFormSchema>;

export const CLOSED_STATUS = 'Cerrada';

export const statusChangeSchema = z
  .object({
    estado: z.enum(COMPLAINT_STATUSES, { error: 'Debe elegir el nuevo estado.' }),
    comentario: z.string().trim().min(1, { error: 'Debe escribir un comentario para la persona denunciante.' }).max(5000, { error: 'El texto puede tener como máximo 5000 caracteres.' }),
    resolucion: z.string().trim().max(10000, { error: 'El texto puede tener como máximo 10000 caracteres.' }),
  })
  .refine((v) => v.estado !== CLOSED_STATUS || v.resolucion.length > 0, { error: 'Para cerrar el caso debe escribir la resolución.', path: ['resolucion'] });
export type StatusChangeForm = z.input<typeof statusChangeSchema>;

export const commentSchema = z.object({
  comentario: z.string().trim().min(1, { error: 'Debe escribir un comentario.' }).max(5000, { error: 'El texto puede tener como máximo 5000 caracteres.' }),
});

export const inviteSchema = z.object({
  email: staffEmail,
  nombre: z.string().trim().min(2, { error: 'El nombre debe tener al menos 2 caracteres.' }).max(120, { error: 'El nombre puede tener como máximo 120 caracteres.' }),
  rol: z.enum(['administrador', 'investigador', 'auditor'], { error: 'Debe elegir el rol.' }),
  organizaciones: z.array(z.string()),
});
export type InviteForm = z.infer<typeof inviteSchema>;
