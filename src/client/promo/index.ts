// What other features and the router may use of the promo feature (eslint.config.js lets them import nothing
// else of it). Pages are not here: the router (app.tsx) loads each one lazily by its own path.
export { PromoCodeBox } from './components/promo-code-box.js';
