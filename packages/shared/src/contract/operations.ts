// What a load balancer and a monitoring system ask each instance (issue 10): outside /v1, not rate limited.
import { z } from 'zod';
import { binary, endpoint, errors } from './core';

const tag = 'Operación';

export const livenessSchema = z.object({ status: z.literal('ok') });

export const readinessSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /**
   * Why the instance should not get traffic: its database, its storage, no room for writes (a
   * write found the disk full a moment ago), or it is stopping.
   */
  reason: z.enum(['database', 'storage', 'disk-full', 'shutting-down']).optional(),
});

export const livez = endpoint({
  method: 'GET',
  path: '/livez',
  tag,
  access: 'public',
  summary: 'El proceso está vivo',
  // 503: the embedded database was given up (its disk filled); only a restart cures it.
  responses: { 200: livenessSchema, 503: readinessSchema },
});

export const readyz = endpoint({
  method: 'GET',
  path: '/readyz',
  tag,
  access: 'public',
  summary: 'La instancia puede recibir tráfico (base de datos y almacenamiento responden)',
  responses: { 200: readinessSchema, 503: readinessSchema },
});

export const metrics = endpoint({
  method: 'GET',
  path: '/metrics',
  tag,
  access: 'public',
  summary: 'Métricas Prometheus (solo con Authorization: Bearer METRICS_TOKEN; si no, 404)',
  responses: { 200: binary(['text/plain; version=0.0.4; charset=utf-8'], false), ...errors(404) },
});

export const operations = { livez, readyz, metrics } as const;
