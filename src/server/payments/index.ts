// What the payments room offers the rest of the server (its routes; no other feature uses payments directly).
export { paymentRoutes } from './routes.js';
