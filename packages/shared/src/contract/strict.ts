import { z } from 'zod';

/**
 * The same schema with every object strict: a key the contract does not declare is an error
 * instead of being dropped. Tests parse real answers with it, so a field that the server sends
 * and the contract forgot fails. Handles the shapes the contract uses: objects, arrays, nullable,
 * optional, unions, records and pipes; anything else is kept as it is. For answers only: an
 * object's own refinements are not carried over.
 */
export function strict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape: Record<string, z.ZodType> = {};
    for (const [key, value] of Object.entries(schema.shape as Record<string, z.ZodType>))
      shape[key] = strict(value);
    return z.strictObject(shape);
  }
  if (schema instanceof z.ZodArray) return z.array(strict(schema.element as z.ZodType));
  if (schema instanceof z.ZodNullable) return strict(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodOptional) return strict(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodUnion)
    return z.union(
      (schema.options as readonly z.ZodType[]).map(strict) as [
        z.ZodType,
        z.ZodType,
        ...z.ZodType[],
      ],
    );
  if (schema instanceof z.ZodRecord)
    return z.record(schema.keyType as z.ZodString, strict(schema.valueType as z.ZodType));
  if (schema instanceof z.ZodPipe)
    return z.pipe(strict(schema.in as z.ZodType), schema.out as z.ZodType);
  return schema;
}
