// The mail room (STYLE.md habit 14): features call enqueueEmail(tx, …) inside their own transaction;
// the background room runs the worker (background/loops.ts), app.ts and registers the unsubscribe route. Nothing here imports a feature.
export {
  enqueueEmail,
  enqueueEmails,
  enqueueEmailToRecipients,
  notificationEmails,
  outboxRows,
  type NotificationEmail,
  type OutgoingEmail,
} from './outbox.js';
export { escapeHtml, languageOf, translatorFor, type EmailContent, type Translate } from './templates.js';
export * from './emails.js';
export { mailWorker, retryDelayMs, type MailWorkerOptions } from './worker.js';
export { notEnqueued, outboxInsert } from './queries.js';
export { mailRoutes, type MailRoutesOptions } from './routes.js';
export { UNSUBSCRIBE_PATH } from './unsubscribe.js';
export { linkOrigin } from './link-origin.js';
