// What the jobs room offers the rest of the server: other features reach jobs only through this file.
export { jobRoutes } from './routes.js';
export { assertJobId, findJobOrFail } from './service.js';
// The lead worker's run and its wake (background/loops.ts, docs/decisions/046).
export { fanOutLeads } from './lead-alerts.js';
export { LEAD_FANOUT_CHANNEL } from './queries.js';
// A hired job's lifecycle and the tracking list (the projects room's rules), each in the caller's transaction.
export { selectJobForUpdate, selectStaleOpenJob, selectTrackedJobs, updateJobStatusRow } from './queries.js';
export type { JobRow } from './queries.js';
