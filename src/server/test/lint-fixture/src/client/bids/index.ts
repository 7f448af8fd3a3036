export { bidCard } from './components/bid-card.js';
