import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagedStatement, param, preparedStatement, rowsOf, tableRowReader, type Database } from '#server/db/client.js';
import { PAGES_PLANNED_ONCE } from '#server/db/statements.js';
import { columnList } from '#server/db/columns.js';
import { jobs, users } from '#server/db/schema/index.js';
import { createTestDatabase } from '#server/test/database.js';

// Hand-written statements whose rows are read straight from the driver (decision 028) must give what
// Drizzle's own select gives: the same keys, and values of the same types (timestamps as Dates, JSON parsed).
describe('statements read as arrays', () => {
  let database: Database & { url: string | null };
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

  // decision 059: a list's usual pages have their LIMIT and OFFSET written in, so PostgreSQL plans them once per
  // connection (it plans `limit $1 offset $2` again on every call); any page reads the same rows either way.
  it('reads every page alike, the usual ones from statements planned once, and prepares a bounded number', async () => {
    const names = Array.from({ length: 9 }, (_, i) => `Pager${i}`);
    await database.db.insert(users).values(
      names.map((firstName, i) => ({
        email: `pager${i}@example.com`,
        firstName,
        lastName: 'Page',
        role: 'customer' as const,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    const list = pagedStatement(
      'test_paged_users',
      (page) => sql`select ${users.firstName} from ${users} where ${users.lastName} = ${param('lastName')}
          order by ${users.createdAt} desc, ${users.id} desc ${page}`,
      (row) => row[0] as string,
      2,
    );
    const newestFirst = [...names].reverse();
    await database.db.transaction(async (tx) => {
      // The usual size at every offset a page starts on, past the written pages too, and other sizes and offsets.
      for (const [limit, offset] of [
        ...Array.from({ length: PAGES_PLANNED_ONCE + 2 }, (_, page) => [2, page * 2]),
        [3, 0],
        [2, 1],
        [4, 3],
      ] as const) {
        expect(await list(tx, { lastName: 'Page', limit, offset })).toStrictEqual(
          newestFirst.slice(offset, offset + limit),
        );
      }
      if (!database.url) return; // PGlite prepares nothing by name.
      for (let call = 0; call < 7; call++) await list(tx, { lastName: 'Page', limit: 2, offset: 0 });
      const prepared = rowsOf<{ name: string; generic_plans: string }>(
        await tx.execute(
          sql`select name, generic_plans from pg_prepared_statements where name like 'test_paged_users%' order by name`,
        ),
      );
      expect(prepared.map((p) => p.name)).toStrictEqual([
        'test_paged_users',
        ...Array.from({ length: PAGES_PLANNED_ONCE }, (_, page) => `test_paged_users_page${page}`),
      ]);
      // Past PostgreSQL's five custom plans, the first page runs its generic plan: planned once, not per call.
      expect(Number(prepared.find((p) => p.name === 'test_paged_users_page0')!.generic_plans)).toBeGreaterThan(0);
    });
  });
});
