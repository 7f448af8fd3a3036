// What the bids room offers the rest of the server (its routes; no other feature uses bids directly).
export { bidRoutes } from './routes.js';
