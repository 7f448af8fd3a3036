// The background room (docs/decisions/033): app.ts starts every loop through startBackground; `every` is
// the one shape of a loop.
export { startBackground, type BackgroundDeps, type LeadWorkerOptions } from './loops.js';
export { every, STOP_WAIT_MS, type EveryOptions } from './every.js';
