// Master-data administration (DESIGN §8, issue 11): administrators only, every change audited.
import { z } from 'zod';
import { ORGANIZATIONS } from '../../organizations';
import {
  MASTER_DATA_MESSAGES,
  masterActiveInputSchema,
  masterItemInputSchema,
  masterOrderInputSchema,
} from '../../schemas/master-data';
import { endpoint, errors } from '../core';
import { SIGNED_IN, SIGNED_IN_WRITE, idParamSchema, staffHeaders } from './common';

const tag = 'Gestión: datos maestros';
const administrators = { roles: ['administrador'] } as const;

const element = {
  id: z.number(),
  nombre: z.string(),
  /** false: retired; the portal no longer offers it, existing cases still show it. */
  activo: z.boolean(),
};

/** Every list of one organisation, retired elements included, in the portal's order. */
export const masterDataAdminSchema = z.object({
  organizacion: z.string(),
  zonas: z.array(z.object(element)),
  lugares: z.array(z.object({ ...element, zona_id: z.number() })),
  categorias: z.array(
    z.object({
      ...element,
      /** Holds the types of Law 21.643: cannot be retired nor receive other types. */
      legal: z.boolean(),
    }),
  ),
  tipos: z.array(
    z.object({
      ...element,
      categoria_id: z.number(),
      descripcion: z.string(),
      grupo: z.string().nullable(),
      /** A type of Law 21.643 (26–28): only its description and group may change. */
      legal: z.boolean(),
    }),
  ),
  relaciones: z.array(z.object(element)),
  reconoce: z.array(z.object(element)),
});
export type MasterDataAdminWire = z.infer<typeof masterDataAdminSchema>;

export const masterDataQuerySchema = z.object({
  organizacion: z
    .string({ error: MASTER_DATA_MESSAGES.organization })
    .toLowerCase()
    .refine((id) => ORGANIZATIONS.some((o) => o.id === id), {
      error: MASTER_DATA_MESSAGES.organization,
    }),
});

export const getMasterData = endpoint({
  method: 'GET',
  path: '/v1/gestion/datos-maestros',
  tag,
  access: administrators,
  summary: 'Datos maestros de una organización, con los elementos retirados',
  headers: staffHeaders,
  querystring: masterDataQuerySchema,
  responses: { 200: masterDataAdminSchema, ...errors(400, 403, ...SIGNED_IN) },
});

export const createMasterItem = endpoint({
  method: 'POST',
  path: '/v1/gestion/datos-maestros',
  tag,
  access: administrators,
  summary: 'Agrega un elemento a una lista (al final)',
  headers: staffHeaders,
  body: masterItemInputSchema,
  // 409: the name is already in that list.
  responses: { 201: masterDataAdminSchema, ...errors(400, 409, ...SIGNED_IN_WRITE) },
});

export const updateMasterItem = endpoint({
  method: 'PUT',
  path: '/v1/gestion/datos-maestros/:id',
  tag,
  access: administrators,
  summary:
    'Cambia un elemento: nombre; zona de un lugar; categoría, descripción y grupo de un tipo',
  headers: staffHeaders,
  params: idParamSchema,
  body: masterItemInputSchema,
  responses: { 200: masterDataAdminSchema, ...errors(400, 404, 409, ...SIGNED_IN_WRITE) },
});

export const setMasterItemActive = endpoint({
  method: 'PUT',
  path: '/v1/gestion/datos-maestros/:id/estado',
  tag,
  access: administrators,
  summary: 'Retira un elemento (el portal deja de ofrecerlo) o lo vuelve a ofrecer',
  headers: staffHeaders,
  params: idParamSchema,
  body: masterActiveInputSchema,
  responses: { 200: masterDataAdminSchema, ...errors(400, 404, 409, ...SIGNED_IN_WRITE) },
});

export const reorderMasterList = endpoint({
  method: 'PUT',
  path: '/v1/gestion/datos-maestros/orden',
  tag,
  access: administrators,
  summary: 'Ordena una lista (los lugares de una zona, los tipos de una categoría)',
  headers: staffHeaders,
  body: masterOrderInputSchema,
  responses: { 200: masterDataAdminSchema, ...errors(400, ...SIGNED_IN_WRITE) },
});

export const masterData = {
  getMasterData,
  createMasterItem,
  updateMasterItem,
  setMasterItemActive,
  reorderMasterList,
} as const;
