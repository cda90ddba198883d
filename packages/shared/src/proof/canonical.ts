// The canonical form of every record the channel signs (decision 0050) and of every audit entry's
// detail: JSON with the members of each object sorted by their UTF-16 code units and no white
// space, as RFC 8785 (JCS) writes it. The values are only strings, safe integers, booleans, null,
// arrays and objects, where JCS and `JSON.stringify` agree on every value's text; anything else is
// refused rather than guessed. An object member whose value is `undefined` is left out, as
// `JSON.stringify` leaves it out (an audit detail spreads optional fields): one text per value.

export type Canonical = string | number | boolean | null | readonly Canonical[] | CanonicalObject;

/** An object of canonical values; a member set to `undefined` is written as if absent. */
export interface CanonicalObject {
  readonly [key: string]: Canonical | undefined;
}

/** `value` as RFC 8785 canonical JSON (the subset above). */
export function canonicalJson(value: Canonical): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean')
    return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error('Solo enteros seguros en el JSON canónico.');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((v: Canonical) => canonicalJson(v)).join(',')}]`;
  const proto: unknown = typeof value === 'object' ? Object.getPrototypeOf(value) : undefined;
  // A Date, a Map or a class instance has no JSON of its own members: refused, not written "{}".
  if (proto !== Object.prototype && proto !== null) throw new Error('Valor sin forma canónica.');
  const object = value as CanonicalObject;
  const keys = Object.keys(object)
    .filter((k) => object[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(object[k]!)}`).join(',')}}`;
}
