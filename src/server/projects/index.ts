// What the projects room offers the rest of the server: other features reach it only through this file.
export { projectRoutes } from './routes.js';
export { expireStaleJobs } from './lifecycle.js';
