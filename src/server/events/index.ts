// The events room (docs/decisions/016): features publish their events through these; app.ts registers the
// stream route (routes.ts) itself, handing it each feature's loader for events sent by reference.
export {
  EVENTS_CHANNEL,
  notificationPayload,
  notifyInStatement,
  notifySql,
  publishEvent,
  publishEvents,
  type OutgoingEvent,
} from './publish.js';
export type { EventLoader } from './hub.js';
export { eventRoutes, type EventRoutesOptions } from './routes.js';
