import type { User } from './auth.js';

/** POST /api/auth/upgrade-to-provider answers the free credits granted and the refreshed user. */
export type UpgradeToProviderResult = { freeCredits: number; user: User };
