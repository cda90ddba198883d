// The canonical form of every record the channel signs (decision 0050): JSON with the members of
// each object sorted by their UTF-16 code units and no white space, as RFC 8785 (JCS) writes it.
// The records hold only strings, safe integers, booleans, null, arrays and objects, where JCS and
// `JSON.stringify` agree on every value's text; anything else is refused rather than guessed.

export type Canonical =
  string | number | boolean | null | readonly Canonical[] | { readonly [key: string]: Canonical };

/** `value` as RFC 8785 canonical JSON (the subset above). */
export function canonicalJson(value: Canonical): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean')
    return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error('Solo enteros en un registro firmado.');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v: Canonical) => canonicalJson(v)).join(',')}]`;
  const object = value as { readonly [key: string]: Canonical };
  const keys = Object.keys(object).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(object[k]!)}`).join(',')}}`;
}
