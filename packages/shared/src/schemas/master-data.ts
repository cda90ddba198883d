// Master-data administration (DESIGN §8, issue 11): administrators add, rename, reorder and retire
// the lists the portal offers, per organisation. The back-office dialog and the API validate with
// these schemas.
import { z } from 'zod';
import { ANONYMITY_BLOCKED_TYPE_IDS } from '../constants';
import { ORGANIZATIONS } from '../organizations';

/** The lists an administrator edits, by their wire name. */
export const MASTER_LISTS = [
  'zonas',
  'lugares',
  'categorias',
  'tipos',
  'relaciones',
  'reconoce',
] as const;
export type MasterList = (typeof MASTER_LISTS)[number];

/** Each list's name in Spanish (the page's choices, the audit log). */
export const MASTER_LIST_LABELS: Record<MasterList, string> = {
  zonas: 'Zonas',
  lugares: 'Lugares (agencias)',
  categorias: 'Categorías de denuncia',
  tipos: 'Tipos de denuncia',
  relaciones: 'Relación con la organización',
  reconoce: 'Reconocimiento de las personas involucradas',
};

/**
 * The complaint types of Law 21.643 (the ones that cannot be anonymous, with the legal clock): they
 * keep their ids, name, category and legal meaning (decision 0020).
 */
export const isLegalType = (id: number) =>
  (ANONYMITY_BLOCKED_TYPE_IDS as readonly number[]).includes(id);

export const MASTER_NAME_MAX = 150;
export const MASTER_DESCRIPTION_MAX = 1000;
export const MASTER_GROUP_MAX = 100;

export const MASTER_DATA_MESSAGES = {
  organization: 'Debe elegir una organización válida.',
  list: 'La lista indicada no es válida.',
  name: 'Escriba el nombre.',
  nameMax: `El nombre admite como máximo ${MASTER_NAME_MAX} caracteres.`,
  description: 'Escriba la descripción del tipo de denuncia.',
  descriptionMax: `La descripción admite como máximo ${MASTER_DESCRIPTION_MAX} caracteres.`,
  groupMax: `El grupo admite como máximo ${MASTER_GROUP_MAX} caracteres.`,
  zone: 'Debe elegir la zona del lugar.',
  category: 'Debe elegir la categoría del tipo de denuncia.',
  order: 'Indique el nuevo orden de la lista.',
  active: 'Indique si el elemento queda activo o retirado.',
} as const;

const M = MASTER_DATA_MESSAGES;

const organization = z
  .string({ error: M.organization })
  .toLowerCase()
  .refine((id) => ORGANIZATIONS.some((o) => o.id === id), { error: M.organization });
const list = z.enum(MASTER_LISTS, { error: M.list });
const parentId = (message: string) =>
  z.number({ error: message }).int({ error: message }).positive({ error: message });

/**
 * One element of a list, to add or change: its organisation and list, its name and, by list, the
 * zone of a place, or the category, description and group of a type.
 */
export const masterItemInputSchema = z
  .object({
    organizacion: organization,
    lista: list,
    nombre: z
      .string({ error: M.name })
      .trim()
      .min(1, { error: M.name })
      .max(MASTER_NAME_MAX, { error: M.nameMax }),
    descripcion: z
      .string()
      .trim()
      .max(MASTER_DESCRIPTION_MAX, { error: M.descriptionMax })
      .optional(),
    /** Types only: an optional heading the portal shows the type under. */
    grupo: z
      .string()
      .trim()
      .max(MASTER_GROUP_MAX, { error: M.groupMax })
      .nullable()
      .optional()
      .transform((g) => (g ? g : null)),
    zona_id: parentId(M.zone).nullable().optional(),
    categoria_id: parentId(M.category).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.lista === 'lugares' && !v.zona_id)
      ctx.addIssue({ code: 'custom', path: ['zona_id'], message: M.zone });
    if (v.lista === 'tipos' && !v.categoria_id)
      ctx.addIssue({ code: 'custom', path: ['categoria_id'], message: M.category });
    if (v.lista === 'tipos' && !v.descripcion)
      ctx.addIssue({ code: 'custom', path: ['descripcion'], message: M.description });
  });
export type MasterItemInput = z.infer<typeof masterItemInputSchema>;

/** The new order of a list (places: of one zone; types: of one category), every id once. */
export const masterOrderInputSchema = z.object({
  organizacion: organization,
  lista: list,
  ids: z
    .array(parentId(M.order), { error: M.order })
    .min(1, { error: M.order })
    .max(1000, { error: M.order }),
});
export type MasterOrderInput = z.infer<typeof masterOrderInputSchema>;

/** Retire (false) or bring back (true) one element. */
export const masterActiveInputSchema = z.object({
  organizacion: organization,
  lista: list,
  activo: z.boolean({ error: M.active }),
});
export type MasterActiveInput = z.infer<typeof masterActiveInputSchema>;
