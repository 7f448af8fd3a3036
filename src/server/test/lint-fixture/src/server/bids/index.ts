export { placeBid } from './service.js';
