// The privacy notice of each organisation's portal (Law 21.719's information duty, issue 19): what
// the page needs beyond its fixed text, public like the master data.
import { z } from 'zod';
import { ALWAYS, endpoint, errors } from './core';
import { organizationHeaders } from './headers';

/** The controller's contact for data-protection matters, as administrators set it. */
export const dataProtectionContactSchema = z.object({
  nombre: z.string(),
  correo: z.string(),
  direccion: z.string().nullable(),
  telefono: z.string().nullable(),
});
export type DataProtectionContactWire = z.infer<typeof dataProtectionContactSchema>;

export const privacyNoticeSchema = z.object({
  /** The organisation's GUID (the one `x-filial` named). */
  organizacion: z.string(),
  /** Null until an administrator sets it: the notice then points to the channel itself. */
  contacto: dataProtectionContactSchema.nullable(),
  /** Years a closed case is kept after its closing. */
  retencion_anios: z.number(),
});
export type PrivacyNoticeWire = z.infer<typeof privacyNoticeSchema>;

export const privacyNotice = endpoint({
  method: 'GET',
  path: '/v1/aviso-privacidad',
  tag: 'Protección de datos',
  access: 'organization',
  summary: 'Datos del aviso de privacidad de la organización: contacto y plazo de conservación',
  headers: organizationHeaders,
  responses: { 200: privacyNoticeSchema, ...errors(400, ...ALWAYS) },
});

export const privacy = { privacyNotice } as const;
