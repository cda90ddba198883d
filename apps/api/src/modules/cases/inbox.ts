import { z } from 'zod';
import { COMPLAINT_STATUSES, ORGANIZATIONS } from '@canal/shared';
import type { Services } from '../../services';
import { civilDateInZone, isCivilDate } from '../deadlines';
import type { StaffUser } from '../staff/roles';
import { caseSummary } from './case-view';
import { casesRepository as repo } from './repository';

const civilDate = (what: string) =>
  z.string().refine(isCivilDate, { error: `La fecha ${what} no es válida (aaaa-mm-dd).` }).optional();

/** Organisation and period: the filters the inbox and the statistics share. */
export const periodFilters = {
  organizacion: z
    .string()
    .toLowerCase()
    .refine((id) => ORGANIZATIONS.some((o) => o.id === id), { error: 'La organización indicada no es válida.' })
    .optional(),
  desde: civilDate('desde'),
  hasta: civilDate('hasta'),
};

export const validPeriod = [
  (q: { desde?: string; hasta?: string }) => !q.desde || !q.hasta || q.desde <= q.hasta,
  { error: 'La fecha desde no puede ser posterior a la fecha hasta.' },
] as const;

export const INBOX_MAX_PAGE = 100;

/** The inbox's query string: every filter optional; pages of at most 100. */
export const inboxQuerySchema = z
  .object({
    ...periodFilters,
    estado: z.enum(COMPLAINT_STATUSES, { error: 'El estado indicado no es válido.' }).optional(),
    categoria: z.coerce.number({ error: 'La categoría no es válida.' }).int().positive().optional(),
    tipo: z.coerce.number({ error: 'El tipo no es válido.' }).int().positive().optional(),
    vencidos: z.enum(['true', 'false'], { error: 'El filtro de vencidos debe ser true o false.' }).optional(),
    asignado: z
      .string()
      .regex(/^(\d+|yo|ninguno)$/, { error: 'El filtro de asignación debe ser un id, «yo» o «ninguno».' })
      .optional(),
    limite: z.coerce.number({ error: 'El límite no es válido.' }).int().min(1, { error: 'El límite debe ser al menos 1.' }).max(INBOX_MAX_PAGE, { error: `El límite puede ser como máximo ${INBOX_MAX_PAGE}.` }).default(25),
    desplazamiento: z.coerce.number({ error: 'El desplazamiento no es válido.' }).int().min(0, { error: 'El desplazamiento no puede ser negativo.' }).default(0),
  })
  .refine(...validPeriod);

export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** The cases the user may see, filtered, sorted by the next legal due date, one page. */
export async function inbox(services: Services, user: StaffUser, q: InboxQuery, now = new Date()) {
  const today = civilDateInZone(now);
  const { rows, total } = await repo.inbox(
    services.db,
    user,
    {
      organizationId: q.organizacion,
      status: q.estado,
      categoryId: q.categoria,
      typeId: q.tipo,
      from: q.desde,
      to: q.hasta,
      overdue: q.vencidos === 'true',
      assignee: q.asignado === undefined ? undefined : q.asignado === 'ninguno' ? 'none' : q.asignado === 'yo' ? user.id : Number(q.asignado),
      limit: q.limite,
      offset: q.desplazamiento,
    },
    today,
  );
  return {
    total,
    limite: q.limite,
    desplazamiento: q.desplazamiento,
    casos: rows.map((r) => ({
      ...caseSummary(services, r, today),
      asignado: r.assignee_id === null ? null : { id: r.assignee_id, nombre: r.assignee_name },
    })),
  };
}
