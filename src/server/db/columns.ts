import { sql } from 'drizzle-orm';

/**
 * A select list declared once, for a statement whose rows arrive as arrays (preparedStatement's `mapRow`,
 * decision 028): each column's SQL under a name, in order. `sql` is the list to put in the SELECT, and `read`
 * reads a column of such a row by its name, typed by `Values`; the position behind each name is worked out from
 * the same list the SQL is built from, so the two cannot disagree. The SQL is the expressions alone (no
 * aliases), the text a statement would have without the list.
 */
export function columnList<Values extends Record<string, unknown>>(columns: {
  [K in keyof Values]: unknown;
}) {
  const names = Object.keys(columns) as (keyof Values & string)[];
  const position = new Map(names.map((name, index) => [name, index]));
  const at = Object.fromEntries(position) as { [K in keyof Values]: number };
  return {
    sql: sql.join(
      names.map((name) => sql`${columns[name]}`),
      sql`, `,
    ),
    /** How many columns the list selects: a statement may select more after them (read those by `count + i`). */
    count: names.length,
    names,
    at,
    read: <K extends keyof Values>(row: unknown[], name: K): Values[K] => row[at[name]] as Values[K],
    /** The row's listed columns as one object, by name. */
    object: (row: unknown[]): Values => {
      const values: Record<string, unknown> = {};
      for (const name of names) values[name] = row[at[name]];
      return values as Values;
    },
  };
}
