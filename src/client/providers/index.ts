// What other features and the router may use of the providers feature (eslint.config.js lets them import nothing
// else of it). Pages are not here: the router (app.tsx) loads each one lazily by its own path.
export { BecomeProviderCard } from './components/become-provider-card.js';
