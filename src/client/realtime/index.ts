// What other features may use of the realtime feature (eslint.config.js lets them import nothing else of it).
// The app shell imports this file lazily, so the live updates stay out of the entry chunk.
export { LiveUpdates } from './live-updates.js';
