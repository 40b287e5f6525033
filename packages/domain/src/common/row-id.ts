/** The largest id PostgreSQL's `integer` identity holds: a larger one names no row. */
export const MAX_ROW_ID = 2_147_483_647;

/** A row id written in an address (a path segment or query parameter): digits only, 1 to MAX_ROW_ID; else undefined. */
export function readRowId(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) {
    return undefined;
  }
  const id = Number(raw);
  return id > 0 && id <= MAX_ROW_ID ? id : undefined;
}
