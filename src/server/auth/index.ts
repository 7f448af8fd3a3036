// The auth feature's face to the others: accounts and their `users` rows are this
// feature's; another feature reads or changes a user through these functions, never the table. app.ts
// registers the routes (routes.ts, oidc/routes.ts) itself.
export {
  enqueueEmailToUsers,
  loadUser,
  promoteToProvider,
  registerUser,
  toUser,
  turnOffNotifications,
  updateUser,
  userLanguage,
  verifyLogin,
} from './service.js';
export { grantOperator, markEmailVerified } from './email-verification.js';
export { hashPassword } from './password.js';
export { authRoutes } from './routes.js';
export { oidcRoutes } from './oidc/routes.js';
