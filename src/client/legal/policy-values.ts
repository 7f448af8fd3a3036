import { BID_TIER_COSTS } from '#shared/bids.js';
import { usePublicConfig } from '#client/lib/config.js';
import { PRIVACY_EMAIL, SUPPORT_EMAIL } from '#client/lib/site.js';

export const POLICIES_UPDATED_AT = '2026-11-01';

// Spec §9 'Policy': retention, response time and age limits.
export const ACCOUNT_DATA_RETENTION_YEARS = 7;
export const PRIVACY_REQUEST_RESPONSE_DAYS = 30;
export const MINIMUM_USER_AGE = 18;
export const NO_DATA_UNDER_AGE = 13;

/** The facts the policies quote; free credits come from the server (docs/contract.md §4.4). */
export function usePolicyValues(): Record<string, string | number> {
  const { data: config } = usePublicConfig();
  return {
    regular: BID_TIER_COSTS.regular,
    block: BID_TIER_COSTS.block,
    bust: BID_TIER_COSTS.bust,
    freeCredits: config?.freeCreditsOnUpgrade ?? '…',
    retentionYears: ACCOUNT_DATA_RETENTION_YEARS,
    responseDays: PRIVACY_REQUEST_RESPONSE_DAYS,
    minimumAge: MINIMUM_USER_AGE,
    childAge: NO_DATA_UNDER_AGE,
    supportEmail: SUPPORT_EMAIL,
    privacyEmail: PRIVACY_EMAIL,
  };
}
