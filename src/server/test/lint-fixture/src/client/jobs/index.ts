export { jobCard } from './components/job-card.js';
