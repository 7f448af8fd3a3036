// Service requests: their routes are all another room uses (app.ts registers them).
export { serviceRequestRoutes } from './routes.js';
