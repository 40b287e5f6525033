import { type Column, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';

/** A table's columns by property, with the name each has in the database (`casing: 'snake_case'`). */
type ColumnMap = ReadonlyArray<readonly [key: string, name: string, column: Column]>;

const columnMaps = new WeakMap<Table, ColumnMap>();

function columnMap(table: Table): ColumnMap {
  let map = columnMaps.get(table);
  if (!map) {
    map = Object.entries(getTableColumns(table)).map(
      ([key, column]) => [key, column.keyAsName ? toSnakeCase(column.name) : column.name, column] as const,
    );
    columnMaps.set(table, map);
  }
  return map;
}

/**
 * A table's row from what a hand-written statement returned: a raw row (`SELECT *`, `RETURNING *`) or
 * a `row_to_json` object, keyed by column name, each value decoded by its column as drizzle's own
 * selects do. The hot paths (the signed-in user of every request, bookings) use hand-written
 * statements: building a select of every column costs more than the database takes to answer it.
 */
export function tableRow<T extends Table>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, name, column] of columnMap(table)) {
    const value = raw[name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/**
 * The column list and the values of an INSERT of `values` into `table`, each value encoded by its
 * column (undefined ones left to their defaults), for a hand-written statement.
 */
export function insertParts<T extends Table>(
  table: T,
  values: T['$inferInsert'],
): { columns: SQL; values: SQL } {
  const given = columnMap(table).filter(([key]) => (values as Record<string, unknown>)[key] !== undefined);
  return {
    columns: sql.join(
      given.map(([, name]) => sql.identifier(name)),
      sql`, `,
    ),
    values: sql.join(
      given.map(([key, , column]) => sql.param((values as Record<string, unknown>)[key], column)),
      sql`, `,
    ),
  };
}
