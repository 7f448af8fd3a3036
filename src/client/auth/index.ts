// What other features and the router may use of the auth feature (eslint.config.js lets them import nothing
// else of it). Pages are not here: the router (app.tsx) loads each one lazily by its own path.
export { RequireAuth } from './require-auth.js';
export { userQueryOptions, useUser } from './use-user.js';
export { ResendVerificationButton, VerifyEmailBanner } from './verify-email-banner.js';
