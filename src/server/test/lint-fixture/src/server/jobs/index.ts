export { canBid } from './rules.js';
