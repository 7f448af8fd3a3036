import pg from 'pg';
import { endConnection, POOL_TIMEOUTS } from './connections.js';

// The LISTEN connection tries again within a second of losing its server (docs/deploy.md, 'Health checks').
const RECONNECT_DELAYS_MS = [100, 250, 500, 1000];

/**
 * A dedicated LISTEN connection (a pooled one would be handed to queries); reconnects until stopped. Stopping
 * cancels the next attempt, ends the connection or the attempt under way, and waits for neither longer than
 * POOL_TIMEOUTS.closeMs (a frozen server never lets it end). Resolves to the stop.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onResubscribed?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | null = null;
  let wasLost = false;

  const connect = async (): Promise<void> => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: POOL_TIMEOUTS.connectMs,
      keepAlive: true,
    });
    const lost = () => {
      if (current !== client) return;
      current = null;
      wasLost = true;
      client.end().catch(() => {});
      retry();
    };
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    client.on('error', lost);
    client.on('end', lost);
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
      attempt = 0;
      if (wasLost) {
        wasLost = false;
        onResubscribed?.();
      }
    } catch (error) {
      if (current === client) current = null;
      client.end().catch(() => {});
      throw error;
    }
  };

  const retry = () => {
    // One attempt at a time, whichever reports the loss first: the connection's 'end' or the attempt's failure.
    if (stopped || retryTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    attempt += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (!stopped) connect().catch(retry);
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const last = current;
    current = null;
    // An attempt under way fails once its connection ends, and tries no more.
    if (last) await endConnection(last, POOL_TIMEOUTS.closeMs);
  };
}
