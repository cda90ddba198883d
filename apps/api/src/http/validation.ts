import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors';

/** Parses with a shared schema; the first issue's Spanish message becomes a 400. */
export function parseOrThrow<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new AppError('VALIDATION', result.error.issues[0]?.message);
  return result.data;
}

/**
 * Whether a parsed request part holds a NUL character in any string or key, at any depth. Walked
 * with a stack of its own: a deeply nested JSON body cannot overflow the call stack.
 */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) for (const item of next) pending.push(item);
    else if (next !== null && typeof next === 'object')
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
  }
  return false;
}

/** Throws the NUL error when `value` holds one; else gives it back (for a multipart JSON part). */
export function refuseNul<T>(value: T): T {
  if (holdsNul(value)) throw new AppError('NUL_CHARACTER');
  return value;
}

/**
 * A `preValidation` hook: a NUL in the path, the query or a JSON body is refused with a 400
 * before the route's schema runs. PostgreSQL's text cannot hold one, so it would otherwise fail
 * as a 500 wherever such a value reaches SQL unsealed (a search, a name, a filter).
 */
export async function refuseNulInRequest(request: FastifyRequest): Promise<void> {
  refuseNul([request.params, request.query, request.body]);
}
