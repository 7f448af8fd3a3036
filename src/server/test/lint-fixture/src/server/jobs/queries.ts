import { jobs } from '../db/schema/jobs.js';

export const JOB_BY_ID = 'select * from jobs where id = $1';
// The owner writes its own table.
export const closeJob = (db: { update(table: unknown): unknown }) => db.update(jobs);
