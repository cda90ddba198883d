// Statistics over the cases each person may see (any signed-in role).
import { z } from 'zod';
import { binary, endpoint, errors } from '../core';
import { SIGNED_IN, periodFilters, staffHeaders, validPeriod } from './common';

const tag = 'Gestión: estadísticas';

export const statsFiltersSchema = z.object(periodFilters).refine(...validPeriod);

export const halfYearQuerySchema = z.object({
  anio: z.coerce
    .number({ error: 'El año no es válido.' })
    .int()
    .min(2023, { error: 'El año debe ser 2023 o posterior.' })
    .max(2100, { error: 'El año no es válido.' }),
  semestre: z.enum(['1', '2'], { error: 'El semestre debe ser 1 o 2.' }),
});

const namedCount = z.object({ nombre: z.string(), total: z.number() });

export const statisticsSchema = z.object({
  total: z.number(),
  por_organizacion: z.array(namedCount),
  por_categoria: z.array(namedCount),
  por_tipo: z.array(namedCount),
  por_estado: z.array(namedCount),
  /** `mes`: yyyy-mm */
  por_mes: z.array(z.object({ mes: z.string(), total: z.number() })),
  anonimas: z.object({ total: z.number(), porcentaje: z.number() }),
  cerradas: z.number(),
  promedio_dias_cierre: z.number().nullable(),
  vencidas: z.number(),
  /**
   * Law 21.719: data-protection requests received in the period (and of those, answered, and
   * answered after their legal period); open now, and past their period now.
   */
  solicitudes_datos: z.object({
    recibidas: z.number(),
    respondidas: z.number(),
    respondidas_fuera_de_plazo: z.number(),
    abiertas: z.number(),
    vencidas: z.number(),
  }),
  /**
   * Protection after closing (decision 0060): reports of retaliation made in the period; not
   * attended now, and past their deadline now.
   */
  represalias: z.object({ informadas: z.number(), abiertas: z.number(), vencidas: z.number() }),
});
export type StatisticsWire = z.infer<typeof statisticsSchema>;

export const halfYearReportSchema = z.object({
  periodo: z.object({
    anio: z.number(),
    semestre: z.number(),
    /** yyyy-mm-dd */
    desde: z.string(),
    /** yyyy-mm-dd */
    hasta: z.string(),
  }),
  tipos: z.array(z.number()),
  organizaciones: z.array(
    z.object({
      id: z.string(),
      nombre: z.string(),
      denuncias_recibidas: z.number(),
      por_tipo: z.array(z.object({ tipo_id: z.number(), tipo: z.string(), recibidas: z.number() })),
      casos_con_medidas_de_resguardo: z.number(),
      casos_con_medidas_adoptadas: z.number(),
      /** Reports of retaliation after closing made in the half-year (decision 0060). */
      avisos_de_represalias: z.number(),
    }),
  ),
});
export type HalfYearReportWire = z.infer<typeof halfYearReportSchema>;

export const statistics = endpoint({
  method: 'GET',
  path: '/v1/gestion/estadisticas',
  tag,
  access: 'staff',
  summary: 'Conteos para gráficos',
  headers: staffHeaders,
  querystring: statsFiltersSchema,
  responses: { 200: statisticsSchema, ...errors(400, ...SIGNED_IN) },
});

export const exportCasesCsv = endpoint({
  method: 'GET',
  path: '/v1/gestion/estadisticas/casos.csv',
  tag,
  access: 'staff',
  summary: 'Exporta los casos en CSV, sin datos personales (auditada)',
  headers: staffHeaders,
  querystring: statsFiltersSchema,
  responses: { 200: binary(['text/csv; charset=utf-8']), ...errors(400, ...SIGNED_IN) },
});

export const halfYearReport = endpoint({
  method: 'GET',
  path: '/v1/gestion/estadisticas/semestral',
  tag,
  access: 'staff',
  summary: 'Conteos semestrales Ley 21.643 para la mutualidad',
  headers: staffHeaders,
  querystring: halfYearQuerySchema,
  responses: { 200: halfYearReportSchema, ...errors(400, ...SIGNED_IN) },
});

export const exportHalfYearCsv = endpoint({
  method: 'GET',
  path: '/v1/gestion/estadisticas/semestral.csv',
  tag,
  access: 'staff',
  summary: 'Los conteos semestrales Ley 21.643 como archivo CSV, para la mutualidad (auditada)',
  headers: staffHeaders,
  querystring: halfYearQuerySchema,
  responses: { 200: binary(['text/csv; charset=utf-8']), ...errors(400, ...SIGNED_IN) },
});

export const stats = {
  statistics,
  exportCasesCsv,
  halfYearReport,
  exportHalfYearCsv,
} as const;
