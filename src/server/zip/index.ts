// The ZIP code data's face to the other features; app.ts registers the route (routes.ts) itself.
export { lookupZip } from './service.js';
export { zipRoutes } from './routes.js';
