import { sql } from 'drizzle-orm';
import { jobs } from '../db/schema/jobs.js';

// Writes the jobs feature's table, both ways a statement can; the read at the end is any feature's to make.
export const hire = (db: { update(table: unknown): unknown }) => db.update(jobs);
export const hireStatement = sql`update ${jobs} set status = 'in_progress'`;
export const openJobs = sql`select id from ${jobs} where status = 'open'`;
