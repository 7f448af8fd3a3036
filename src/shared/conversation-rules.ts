// Conversation limits and timings as plain values (no zod): the app shell reads them on every screen.
/** docs/contract.md §3.3: a message is 1–5000 characters once trimmed. */
export const MESSAGE_MAX_LENGTH = 5000;
/** Spec §9 'Timings': the polling used only while the event stream is down. */
export const CONVERSATIONS_POLL_MS = 30_000;
export const MESSAGES_POLL_MS = 5_000;
/** GET /api/messages answers the newest page of a thread, and older pages by `before` (docs/contract.md §3.3). */
export const MESSAGES_PAGE = 100;
export const MESSAGES_PAGE_MAX = 200;
/** GET /api/conversations?q= searches for at most this many characters (decision 048). */
export const CONVERSATION_SEARCH_MAX_LENGTH = 200;
