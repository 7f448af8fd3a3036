/** Where people reach the company; shown in the footer and the policies. */
export const SUPPORT_EMAIL = 'support@tradesbid.com';
export const PRIVACY_EMAIL = 'privacy@tradesbid.com';
