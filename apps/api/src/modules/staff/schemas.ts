import { z } from 'zod';
import { staffPasswordSchema, totpCodeSchema } from '@canal/shared';

// Wire names in Spanish like the rest of the API; messages are what the person reads.

export {
  staffEmailSchema,
  staffPasswordSchema,
  totpCodeSchema,
  staffSignInSchema as signInSchema,
  staffInviteSchema as inviteSchema,
  staffUpdateSchema as updateUserSchema,
} from '@canal/shared';

const invitationToken = z.string({ error: 'El enlace no es válido.' }).regex(/^[A-Za-z0-9_-]{43}$/, { error: 'El enlace no es válido.' });

export const invitationLookupSchema = z.object({ token: invitationToken });

export const activationSchema = z.object({ token: invitationToken, password: staffPasswordSchema, codigo: totpCodeSchema });

export const idParamSchema = z.object({ id: z.coerce.number({ error: 'El identificador no es válido.' }).int().positive() });
