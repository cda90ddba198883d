import type { z } from 'zod';
import { AppError } from '../errors';

/** Parses with a shared schema; the first issue's Spanish message becomes a 400. */
export function parseOrThrow<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw new AppError('VALIDATION', result.error.issues[0]?.message);
  return result.data;
}
