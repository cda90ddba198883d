import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { periodFilters, validPeriod } from '../cases/inbox';
import { requireStaff } from '../staff/guard';
import { exportCsv, halfYearReport, statistics } from './statistics';

const filters = z.object(periodFilters).refine(...validPeriod);
const toFilters = (q: z.infer<typeof filters>) => ({ organizationId: q.organizacion, from: q.desde, to: q.hasta });
const halfQuery = z.object({
  anio: z.coerce.number({ error: 'El año no es válido.' }).int().min(2023, { error: 'El año debe ser 2023 o posterior.' }).max(2100, { error: 'El año no es válido.' }),
  semestre: z.enum(['1', '2'], { error: 'El semestre debe ser 1 o 2.' }),
});

/** Statistics over the cases each person may see (any signed-in role). */
export const statsRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { services } = app;
  const tags = ['Gestión: estadísticas'];
  app.addHook('preHandler', requireStaff);

  app.get('/estadisticas', { schema: { tags, summary: 'Conteos para gráficos', querystring: filters } }, async (request) =>
    statistics(services, request.staff, toFilters(request.query)),
  );

  app.get('/estadisticas/casos.csv', { schema: { tags, summary: 'Exporta los casos en CSV, sin datos personales (auditada)', querystring: filters } }, async (request, reply) => {
    const csv = await exportCsv(services, request.staff, toFilters(request.query));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="casos.csv"')
      .send(csv);
  });

  app.get('/estadisticas/semestral', { schema: { tags, summary: 'Conteos semestrales Ley 21.643 para la mutualidad', querystring: halfQuery } }, async (request) =>
    halfYearReport(services, request.staff, request.query.anio, Number(request.query.semestre) as 1 | 2),
  );
};
