import { Column, getTableColumns, sql, type SQL, type Table } from 'drizzle-orm';

/**
 * A whole table's columns for a hand-written statement (`sql.join(columns, sql\`, \`)`), and the mapper that
 * turns them, read from `start` in an array row (preparedStatement's `mapRow`), into the table's row as Drizzle
 * would select it; null when the row's first column is null (a left join that found nothing). The decoding is
 * worked out once: only the columns whose type needs it (timestamps to Date) are decoded on each row.
 */
export function tableRowReader<T extends Table>(table: T) {
  const columns = Object.entries(getTableColumns(table)) as [string, Column][];
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
    read(row: unknown[], start: number): T['$inferSelect'] | null {
      if (row[start] === null) return null;
      const record: Record<string, unknown> = {};
      for (let i = 0; i < decoders.length; i++) {
        const [key, decode] = decoders[i]!;
        const value = row[start + i];
        record[key] = value === null || decode === null ? value : decode(value);
      }
      return record as T['$inferSelect'];
    },
  };
}
