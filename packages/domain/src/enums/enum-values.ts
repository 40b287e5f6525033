/** The values of an `as const` enum object, frozen, in declaration order, for pickers and membership checks. */
export function enumValues<T extends Readonly<Record<string, string | number>>>(
  enumObject: T,
): readonly T[keyof T][] {
  return Object.freeze(Object.values(enumObject) as T[keyof T][]);
}
