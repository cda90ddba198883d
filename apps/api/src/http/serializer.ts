import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `cleaned` (what the schema let through) with its keys in the order `original` had them, so an
 * answer reads exactly as the handler built it, less what the schema does not declare.
 */
function inOriginalOrder(original: unknown, cleaned: unknown): unknown {
  if (Array.isArray(cleaned))
    return Array.isArray(original)
      ? cleaned.map((value, i) => inOriginalOrder(original[i], value))
      : cleaned;
  if (!isRecord(cleaned) || !isRecord(original)) return cleaned;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(original))
    if (Object.hasOwn(cleaned, key)) out[key] = inOriginalOrder(original[key], cleaned[key]);
  for (const key of Object.keys(cleaned)) if (!Object.hasOwn(out, key)) out[key] = cleaned[key];
  return out;
}

/**
 * The response serializer: every JSON answer goes through its route's response schema (from the
 * contract), so it is a field allowlist. An object schema drops the keys it does not declare
 * (zod's default `strip`), however deep, and the answer still goes out (200); a value of the
 * wrong type is a bug and fails as a 500 (`ResponseSerializationError`), never a wrong answer.
 * Unlike `fastify-type-provider-zod`'s compiler, the declared keys keep the order the handler
 * gave them (the schema's order would change the bytes of answers clients already read).
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema, method, url }) =>
  (data: unknown) => {
    const result = z.safeEncode(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(inOriginalOrder(data, result.data));
  };
