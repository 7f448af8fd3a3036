// What other features and the router may use of the credits feature (eslint.config.js lets them import nothing
// else of it). Pages are not here: the router (app.tsx) loads each one lazily by its own path.
export { useCreditPackages } from './api/get-credit-packages.js';
export { transactionsQueryOptions } from './api/get-transactions.js';
export { CreditSidebar } from './components/credit-sidebar.js';
export { InsufficientCreditsCard } from './components/insufficient-credits-card.js';
export { LowBalanceBanner, showLowBalance } from './components/low-balance-banner.js';
