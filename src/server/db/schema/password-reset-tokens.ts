import { singleUseTokenTable } from './single-use-tokens.js';

/** A password reset link (docs/contract.md §3.7): one hour, single use. */
export const passwordResetTokens = singleUseTokenTable('password_reset_tokens');
