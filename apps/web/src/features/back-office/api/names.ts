// Request bodies both ways by one table of names ({ front: wire }): a form holds the front names,
// is checked by the shared schema of the body it becomes (same rules and Spanish messages as the
// API's), and its errors land on its own fields. Endpoint modules declare the tables.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver, ResolverOptions } from 'react-hook-form';
import type { z } from 'zod';

/** { frontName: wireName } */
export type Names = Readonly<Record<string, string>>;

type FrontKey<N extends Names, K> = { [F in keyof N]: N[F] extends K ? F : never }[keyof N];

/** `W` (a wire object) with the keys `N` names renamed to their front names (others dropped). */
export type Renamed<W, N extends Names> = { [K in keyof W as FrontKey<N, K>]: W[K] };

const invert = (names: Names): Names =>
  Object.fromEntries(Object.entries(names).map(([front, wire]) => [wire, front]));

/** The keys of `value` renamed by `names` (keys it does not name keep theirs). */
export const renameKeys = (value: object, names: Names): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).map(([key, v]) => [names[key] ?? key, v]));

/** A body's mapper both ways from its table of names: `bodyNames<Wire>()({ front: 'wire' })`. */
export const bodyNames =
  <W extends object>() =>
  <const N extends Names>(names: N) => {
    const back = invert(names);
    return {
      names,
      toWire: (front: Renamed<W, N>) => renameKeys(front, names) as W,
      toFront: (wire: W) => renameKeys(wire, back) as Renamed<W, N>,
    };
  };

/**
 * A react-hook-form resolver for a form with front names that checks the body it becomes with
 * `schema` (the shared one), and gives back the checked values (trimmed, defaults set) and the
 * errors under the front names.
 */
export function frontResolver<S extends z.ZodType<object, FieldValues>, N extends Names>(
  schema: S,
  names: N,
): Resolver<Renamed<z.input<S>, N>, unknown, Renamed<z.output<S>, N>> {
  const back = invert(names);
  const wire = zodResolver(schema as never) as unknown as Resolver<FieldValues>;
  return (async (values: FieldValues, context: unknown, options: ResolverOptions<FieldValues>) => {
    const result = await wire(renameKeys(values, names), context, {
      ...options,
      fields: renameKeys(options.fields, names) as ResolverOptions<FieldValues>['fields'],
      names: options.names?.map((name) => names[name] ?? name),
    });
    return Object.keys(result.errors).length > 0
      ? { values: {}, errors: renameKeys(result.errors, back) }
      : { values: renameKeys(result.values, back), errors: {} };
  }) as never;
}
