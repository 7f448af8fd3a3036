import type { z } from 'zod';
import type { UpgradeToProviderAnswer } from './answers/auth.js';

/** POST /api/auth/upgrade-to-provider answers the free credits granted and the refreshed user. */
export type UpgradeToProviderResult = z.infer<typeof UpgradeToProviderAnswer>;
