// Helpers for cross-field rules: they run even when some fields already failed, so that every
// field error shows at once while a form is being filled (zod skips them by default).
import type { z } from 'zod';

/** Run an object-level refinement whenever the value is an object, whatever failed before. */
export const WHEN_OBJECT = {
  when: (payload: { value: unknown }): boolean =>
    typeof payload.value === 'object' && payload.value !== null,
} as const;

type Path = (string | number)[];

/** Parses `value` with `schema` and copies its issues under `path`. True when it passed. */
export function addIssuesFrom(
  ctx: z.RefinementCtx,
  schema: z.ZodType,
  value: unknown,
  path: Path,
): boolean {
  const result = schema.safeParse(value);
  if (result.success) return true;
  for (const issue of result.error.issues) {
    ctx.addIssue({
      code: 'custom',
      message: issue.message,
      path: [...path, ...(issue.path as Path)],
    });
  }
  return false;
}

/** Adds one custom issue at `path`. */
export function addIssue(ctx: z.RefinementCtx, path: Path, message: string): void {
  ctx.addIssue({ code: 'custom', message, path });
}
