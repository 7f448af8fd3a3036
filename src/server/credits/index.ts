// What the credits room offers the rest of the server: credits move only through postLedgerEntry (decision 004).
export { creditRoutes } from './routes.js';
export { postLedgerEntry, type LedgerEntry } from './ledger.js';
export { balanceOf, findLedgerDrift, paymentCredited, type LedgerDrift } from './queries.js';
