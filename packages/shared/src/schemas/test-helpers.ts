// Test helpers: the messages a schema gives, by path.
import type { z } from 'zod';

/** All messages for `value`, as "path: message" (path '' for the root); [] when valid. */
export function issuesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/** The messages for `value`, without paths. */
export function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

/** The messages at one path. */
export function messagesAt(schema: z.ZodType, value: unknown, path: string): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path.join('.') === path).map((i) => i.message);
}
