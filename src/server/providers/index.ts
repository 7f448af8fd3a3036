// The provider upgrade: its routes are all another room uses (app.ts registers them).
export { providerRoutes } from './routes.js';
