// What the promo room offers the rest of the server and scripts/promo.ts.
export { promoRoutes } from './routes.js';
export { insertPromoCode, listPromoCodes, setPromoActive, type NewPromo } from './service.js';
