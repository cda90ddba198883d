// Paths of the contract, with no schema attached: the portal's first load fills its API paths
// with these without taking the contract's zod schemas along.

/** `/v1/denuncias/:id` + `{ id: 7 }` → `/v1/denuncias/7` (values URI-encoded). */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Falta el parámetro «${name}» de ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The `:names` of a Fastify path. */
export const pathParams = (path: string): string[] =>
  [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
