// What the jobs room offers the rest of the server: other features reach jobs only through this file.
export { jobRoutes } from './routes.js';
export { assertJobId, findJobOrFail } from './service.js';
export type { JobRow } from './queries.js';
