// What the back-office endpoints share: the staff user as sent, id params, period filters.
import { z } from 'zod';
import { ORGANIZATIONS } from '../../organizations';
import { STAFF_ROLES } from '../../schemas/staff';
import { ALWAYS, errors } from '../core';
import { staffHeaders } from '../headers';

export { staffHeaders };

/** A staff user as the API sends it (`userView`). */
export const staffUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  nombre: z.string(),
  rol: z.enum(STAFF_ROLES),
  /** Organisation ids (GUIDs). */
  organizaciones: z.array(z.string()),
  activo: z.boolean(),
  /** The invitation was used: password and second factor are set. */
  activado: z.boolean(),
});
export type StaffUserWire = z.infer<typeof staffUserSchema>;

/** A numeric id in the path (`/usuarios/:id`, `/casos/:id`). */
export const idParamSchema = z.object({
  id: z.coerce.number({ error: 'El identificador no es válido.' }).int().positive(),
});

/** A person or case reference: id and name. */
export const namedRefSchema = z.object({ id: z.number(), nombre: z.string() });

/** A calendar day `yyyy-mm-dd` that exists (same rule as the API's deadlines calendar). */
export function isCivilDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= days;
}

const civilDate = (what: string) =>
  z
    .string()
    .refine(isCivilDate, { error: `La fecha ${what} no es válida (aaaa-mm-dd).` })
    .optional();

/** Organisation and period: the filters the inbox and the statistics share. */
export const periodFilters = {
  organizacion: z
    .string()
    .toLowerCase()
    .refine((id) => ORGANIZATIONS.some((o) => o.id === id), {
      error: 'La organización indicada no es válida.',
    })
    .optional(),
  desde: civilDate('desde'),
  hasta: civilDate('hasta'),
};

export const validPeriod = [
  (q: { desde?: string; hasta?: string }) => !q.desde || !q.hasta || q.desde <= q.hasta,
  { error: 'La fecha desde no puede ser posterior a la fecha hasta.' },
] as const;

/** Errors of every signed-in back-office call: 401 without a live session. */
export const SIGNED_IN = [401, ...ALWAYS] as const;
/** Errors of every signed-in write: also 403 when the CSRF check fails. */
export const SIGNED_IN_WRITE = [401, 403, ...ALWAYS] as const;

export { errors };
