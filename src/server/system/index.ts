// Health, readiness and the demo accounts' page: their routes are all another room uses (app.ts registers them).
export { systemRoutes } from './routes.js';
