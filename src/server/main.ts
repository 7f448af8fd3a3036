// First: V8 flags must be set before the app's modules allocate (decision 029).
import '#server/v8-flags.js';
import { buildApp } from '#server/app.js';
import { ConfigError, configWarnings, loadConfig } from '#server/config.js';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  for (const warning of configWarnings(config)) app.log.warn(warning);
  await app.listen({ port: config.port, host: config.host });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // docs/contract.md §3.8: stop accepting, end event streams (browsers reconnect elsewhere), let requests in
    // flight finish, then close the pool. A connection that is idle now is closed at once; one that becomes
    // idle later (its response sent and flushed) after 100 ms instead of the 72 s keep-alive, so none holds
    // the close open. A request that is still running after 10 s is given up.
    const force = setTimeout(() => {
      app.log.error('requests still running 10 s after SIGTERM; exiting');
      process.exit(1);
    }, 10_000).unref();
    app.server.keepAliveTimeout = 100;
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(force);
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

void main();
