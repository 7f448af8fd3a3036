// What the jobs room offers the rest of the server: other features reach jobs only through this file.
export { jobRoutes } from './routes.js';
export { assertJobId, findJobOrFail } from './service.js';
// A hired job's lifecycle and the tracking list (the projects room's rules), each in the caller's transaction.
export { selectJobForUpdate, selectStaleOpenJob, selectTrackedJobs, updateJobStatusRow } from './queries.js';
export type { JobRow } from './queries.js';
