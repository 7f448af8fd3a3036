import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.js';
import { milestones } from '#server/db/schema/index.js';

// The projects room's statements: its milestones. A hired job's status, its bids, its reviews and the tracking
// list are the jobs, bids and business-profiles rooms' tables, reached through their index.ts.

export type MilestoneRow = typeof milestones.$inferSelect;

export function selectMilestones(db: DbOrTx, jobId: string): Promise<MilestoneRow[]> {
  return db
    .select()
    .from(milestones)
    .where(eq(milestones.jobId, jobId))
    .orderBy(asc(milestones.sortOrder), asc(milestones.createdAt));
}

/** A milestone added after the job's others. */
export async function insertMilestone(db: DbOrTx, jobId: string, title: string): Promise<MilestoneRow> {
  const existing = await db.select({ id: milestones.id }).from(milestones).where(eq(milestones.jobId, jobId));
  const [row] = await db.insert(milestones).values({ jobId, title, sortOrder: existing.length }).returning();
  return row!;
}

export async function selectMilestone(db: DbOrTx, jobId: string, milestoneId: string) {
  const [row] = await db
    .select()
    .from(milestones)
    .where(and(eq(milestones.id, milestoneId), eq(milestones.jobId, jobId)));
  return row;
}

export async function completeMilestoneRow(db: DbOrTx, milestoneId: string): Promise<MilestoneRow> {
  const [updated] = await db
    .update(milestones)
    .set({ status: 'completed', completedAt: new Date(), updatedAt: new Date() })
    .where(eq(milestones.id, milestoneId))
    .returning();
  return updated!;
}

/** Completed and total milestones per job. */
export function selectMilestoneCounts(db: DbOrTx, jobIds: string[]) {
  return db
    .select({
      jobId: milestones.jobId,
      total: sql<number>`count(*)::int`,
      completed: sql<number>`(count(*) filter (where ${milestones.status} = 'completed'))::int`,
    })
    .from(milestones)
    .where(inArray(milestones.jobId, jobIds))
    .groupBy(milestones.jobId);
}
