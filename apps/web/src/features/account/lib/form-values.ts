/** For `register(name, { setValueAs })`: an empty text field is "not given", so the schema says `required`. */
export function emptyToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** For number selects and inputs: `''` is "not chosen", anything else a number. */
export function toOptionalNumber(value: unknown): number | undefined {
  if (value === '' || value === null || value === undefined) {
    return undefined;
  }
  const number = Number(value);
  return Number.isNaN(number) ? undefined : number;
}
