import { Column, getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/**
 * A table's columns for a hand-written statement (`sql.join(columns, sql\`, \`)`), and the mapper that turns
 * them, read from `start` in an array row (preparedStatement's `mapRow`), into the table's row as Drizzle would
 * select it; null when the row's first column is null (a left join that found nothing). Every column, or only
 * those `keys` names (the first of them then decides the left join's null). The decoding is worked out once:
 * only the columns whose type needs it (timestamps to Date) are decoded on each row.
 */
export function tableRowReader<T extends Table>(table: T): RowReader<T['$inferSelect']>;
export function tableRowReader<T extends Table, K extends keyof T['$inferSelect'] & string>(
  table: T,
  keys: readonly K[],
): RowReader<Pick<T['$inferSelect'], K>>;
export function tableRowReader<T extends Table>(table: T, keys?: readonly string[]): RowReader<unknown> {
  const all = getTableColumns(table) as Record<string, Column>;
  const columns = keys ? keys.map((key) => [key, all[key]!] as const) : Object.entries(all);
  const decoders = columns.map(([key, column]) => {
    const decodes = column.mapFromDriverValue !== Column.prototype.mapFromDriverValue;
    return [key, decodes ? (value: unknown) => column.mapFromDriverValue(value) : null] as const;
  });
  return {
    columns: columns.map(([, column]) => column),
    /** The same columns of `alias`: a subquery that selects the table's row (`select t.*`) under that name. */
    columnsOf: (alias: string): SQL =>
      sql.join(
        columns.map(([, column]) => sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`),
        sql`, `,
      ),
    read(row: unknown[], start: number) {
      if (row[start] === null) return null;
      const record: Record<string, unknown> = {};
      for (let i = 0; i < decoders.length; i++) {
        const [key, decode] = decoders[i]!;
        const value = row[start + i];
        record[key] = value === null || decode === null ? value : decode(value);
      }
      return record;
    },
  };
}

export type RowReader<Row> = {
  columns: Column[];
  columnsOf: (alias: string) => SQL;
  read: (row: unknown[], start: number) => Row | null;
};
