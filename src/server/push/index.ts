// The push room (docs/decisions/038-web-push.md): features call enqueuePush(tx, …) inside their own transaction,
// as they call enqueueEmail; the background room runs the worker, app.ts registers the routes with the keys.
// Nothing here imports a feature.
export {
  enqueueNotices,
  enqueuePush,
  messagePush,
  pushOfEmail,
  pushValues,
  vapidKeysFor,
  type PushContent,
  type PushNotice,
  type VapidKeys,
} from './service.js';
export { pushWorker, PUSH_TTL_SECONDS, type PushWorkerOptions } from './worker.js';
export { pushRoutes, type PushRoutesOptions } from './routes.js';
export { allowedPushEndpoint } from './endpoints.js';
export { PUSH_CHANNEL, pushInsert, pushWake } from './queries.js';
