// The conversations feature's face to the others. app.ts registers the routes (routes.ts)
// and hands loadMessageEvent to the event stream; the background room runs emailUnreadMessages.
export { loadMessageEvent, unreadCountsByJob } from './service.js';
export { emailUnreadMessages } from './unread-emails.js';
export { conversationRoutes } from './routes.js';
