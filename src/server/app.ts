import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { startBackground, type LeadWorkerOptions } from '#server/background/index.js';
import type { Config } from '#server/config.js';
import { authRoutes, oidcRoutes, turnOffNotifications, userLanguage } from '#server/auth/index.js';
import { bidRoutes } from '#server/bids/index.js';
import { businessProfileRoutes } from '#server/business-profiles/index.js';
import { conversationRoutes, loadMessageEvent } from '#server/conversations/index.js';
import { creditRoutes } from '#server/credits/index.js';
import { migrationsFolder, openDatabase, type Database, type ReplicaStatus } from '#server/db/client.js';
import { seedCategories, seedDemo } from '#server/db/seed/index.js';
import { eventRoutes } from '#server/events/index.js';
import { registerAuthGuard } from '#server/http/auth-guard.js';
import { registerErrorHandler, sendNotFound } from '#server/http/error-handler.js';
import { clientErrorHandler, frameworkErrorHandler, registerInputGuard } from '#server/http/input-guard.js';
import { loggerOptions } from '#server/http/logging.js';
import { answerSerializerCompiler, registerOpenApi } from '#server/http/openapi.js';
import { registerOriginCheck } from '#server/http/origin-check.js';
import { registerRateLimits } from '#server/http/rate-limit.js';
import { registerReadRouting } from '#server/http/read-routing.js';
import { registerSecurityHeaders, securityHeaderList } from '#server/http/security-headers.js';
import { registerSession } from '#server/http/session.js';
import { registerSpa } from '#server/http/spa.js';
import { jobRoutes } from '#server/jobs/index.js';
import { mailRoutes, type MailWorkerOptions } from '#server/mail/index.js';
import { paymentRoutes } from '#server/payments/index.js';
import { projectRoutes } from '#server/projects/index.js';
import { promoRoutes } from '#server/promo/index.js';
import { pushRoutes, vapidKeysFor, type PushWorkerOptions } from '#server/push/index.js';
import { pwaRoutes } from '#server/pwa/index.js';
import { providerRoutes } from '#server/providers/index.js';
import { serviceRequestRoutes } from '#server/service-requests/index.js';
import { systemRoutes } from '#server/system/index.js';
import { photoStorageFor, uploadRoutes } from '#server/uploads/index.js';
import { zipRoutes } from '#server/zip/index.js';

export type BuildOptions = {
  /** An already open database (tests); otherwise opened from config. */
  database?: Database;
  /** Serve the React app (off in API tests). */
  serveClient?: boolean;
  /** The outbox worker's timing (tests make it quick). */
  mail?: MailWorkerOptions;
  /** The push outbox worker's timing (tests make it quick). */
  push?: PushWorkerOptions;
  /** The lead worker's poll (tests make it quick, or long so that only a commit's wake runs it). */
  leads?: LeadWorkerOptions;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
};

/**
 * A hop count trusts that many proxies in front, whatever their addresses (Fastify's own number form now
 * trusts none); the deployment keeps the app reachable only through them (docs/deploy.md).
 */
function fastifyTrustProxy(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** The app as a function (STYLE.md habit 1): a ready Fastify instance, never listening. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // The replica's changes of state reach the app's log, which exists only once the database is open.
  const replicaLog: { to?: (status: ReplicaStatus) => void } = {};
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      pgliteDir: join(config.dataDir, 'pglite'),
      migrationsFolder: migrationsFolder(config.rootDir),
      poolSize: config.databasePoolSize,
      readUrl: config.databaseReadUrl,
      onReplicaState: (status) => replicaLog.to?.(status),
    }));
  await database.migrate();
  await seedCategories(database.db);
  // Demo data: on by default only for the embedded database, and only into an empty one.
  const wantsDemo = config.seedDemo ?? database.kind === 'pglite';
  const storage = await photoStorageFor(config);
  if (wantsDemo) await seedDemo(database.db, storage);
  // Every instance signs pushes with one key pair: VAPID_*, or the one the first instance kept in the database.
  const vapidKeys = await vapidKeysFor(database.db, config);

  const rawHeaders = securityHeaderList(config);
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // While shutting down, a request that still arrives on an open connection is served (with
    // `Connection: close`), not refused in Fastify's own 503 shape: nothing in flight is lost (§3.8).
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler(rawHeaders),
    clientErrorHandler: clientErrorHandler(rawHeaders),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Answer schemas document; they do not reshape answers (docs/decisions/036-openapi-contract.md).
  app.setSerializerCompiler(answerSerializerCompiler(config.env === 'test'));
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorateRequest('currentUser', null);
  app.addHook('onClose', () => database.close());
  replicaLog.to = ({ state, lagMs }) =>
    (state === 'up' ? app.log.info : app.log.warn).call(app.log, { lagMs }, `read replica ${state}`);

  registerErrorHandler(app);
  registerSecurityHeaders(app, config);
  registerInputGuard(app);
  registerOriginCheck(app, config);
  await registerSession(app, config, database.db);
  registerReadRouting(app, config, database);
  registerAuthGuard(app);
  await registerRateLimits(app, database.db);
  // Before the routes: the OpenAPI document is generated from them as they are added.
  await registerOpenApi(app, config);

  await app.register(systemRoutes, { demoMode: wantsDemo, ping: database.ping });
  await app.register(authRoutes);
  await app.register(oidcRoutes);
  await app.register(creditRoutes);
  await app.register(providerRoutes);
  await app.register(jobRoutes);
  await app.register(uploadRoutes, { storage });
  await app.register(zipRoutes);
  await app.register(bidRoutes);
  await app.register(paymentRoutes);
  await app.register(promoRoutes);
  await app.register(eventRoutes, { database, loaders: { 'message.created': loadMessageEvent } });
  await app.register(conversationRoutes);
  await app.register(projectRoutes);
  await app.register(businessProfileRoutes);
  await app.register(serviceRequestRoutes);
  await app.register(pushRoutes, { keys: vapidKeys });
  await app.register(pwaRoutes);
  // The unsubscribe routes change a user's switches through the auth feature, which owns `users`.
  await app.register(mailRoutes, {
    userLanguage: (userId) => userLanguage(database.db, userId),
    turnOffNotifications: (userId, kind) => turnOffNotifications(database.db, userId, kind),
  });

  // Every loop this server runs on its own (background/loops.ts). Closing stops them (each waits at most 2 s for
  // its run), then the store, then the database, whose hook was added first: onClose hooks run last-added first.
  const stopBackground = await startBackground({
    db: database.db,
    config,
    log: app.log,
    storage,
    sessions: app.sessionStore,
    mail: options.mail,
    push: { keys: vapidKeys, options: options.push },
    leads: options.leads,
    listen: database.listen,
  });
  app.addHook('onClose', async () => {
    await stopBackground();
    storage.close();
  });

  if (options.serveClient ?? true) await registerSpa(app, config, { demoMode: wantsDemo });
  else app.setNotFoundHandler((_request, reply) => sendNotFound(reply));
  return app;
}
