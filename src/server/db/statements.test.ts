import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { param, preparedStatement, tableRowReader, type Database } from '#server/db/client.js';
import { columnList } from '#server/db/columns.js';
import { jobs, users } from '#server/db/schema/index.js';
import { createTestDatabase } from '#server/test/database.js';

// Hand-written statements whose rows are read straight from the driver (decision 028) must give what
// Drizzle's own select gives: the same keys, and values of the same types (timestamps as Dates, JSON parsed).
describe('statements read as arrays', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.migrate();
  });
  afterAll(() => database.close());

  it('reads a whole row as Drizzle selects it, and a missing joined row as null', async () => {
    const [user] = await database.db
      .insert(users)
      .values({
        email: 'reader@example.com',
        firstName: 'Ana',
        lastName: 'Díaz',
        role: 'provider',
        language: 'es',
        emailNotifications: { leads: false, bids: true, messages: true, hires: true, requests: false },
      })
      .returning();
    const reader = tableRowReader(users);
    const statement = preparedStatement(
      'test_user_with_job',
      sql`select ${sql.join(reader.columns, sql`, `)}, ${jobs.id} from ${users}
          left join ${jobs} on ${jobs.customerId} = ${users.id} where ${users.id} = ${param('id')}`,
      (row) => ({ user: reader.read(row, 0), job: row[reader.columns.length] }),
    );
    const [read] = await statement(database.db, { id: user!.id });
    const [selected] = await database.db.select().from(users).where(eq(users.id, user!.id));

    expect(read!.user).toStrictEqual(selected);
    expect(read!.user!.createdAt).toBeInstanceOf(Date);
    expect(read!.user!.emailNotifications).toStrictEqual({
      leads: false,
      bids: true,
      messages: true,
      hires: true,
      requests: false,
    });
    expect(read!.job).toBeNull();

    const jobReader = tableRowReader(jobs);
    const nothing = preparedStatement(
      'test_no_job',
      sql`select ${sql.join(jobReader.columns, sql`, `)} from ${users}
          left join ${jobs} on ${jobs.customerId} = ${users.id} where ${users.id} = ${param('id')}`,
      (row) => jobReader.read(row, 0),
    );
    expect(await nothing(database.db, { id: user!.id })).toStrictEqual([null]);
  });

  it('reads a column list by name, each name at the position its SQL takes in the row', async () => {
    const list = columnList<{ word: string; number: number; flag: boolean; later: string | null }>({
      word: sql`'first'::text`,
      number: sql`${param('n')}::int + 1`,
      flag: sql`true`,
      later: sql`null::text`,
    });
    const statement = preparedStatement('test_column_list', sql`select ${list.sql}, 'after'::text`, (row) => ({
      length: row.length,
      values: list.names.map((name) => list.read(row, name)),
      after: row[list.count],
    }));
    const [read] = await statement(database.db, { n: 41 });
    expect(list.names).toEqual(['word', 'number', 'flag', 'later']);
    expect(read).toStrictEqual({ length: 5, values: ['first', 42, true, null], after: 'after' });
  });
});
