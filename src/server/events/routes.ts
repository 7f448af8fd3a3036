import type { FastifyInstance } from 'fastify';
import { EVENT_HEARTBEAT_MS, EVENT_RETRY_MS, type EventType } from '#shared/events.js';
import type { Database } from '#server/db/client.js';
import { ctx } from '#server/http/context.js';
import { createEventHub, type EventHub, type EventLoader } from './hub.js';
import { z } from 'zod';

/** Server-sent events: `event: <type>` and `data: <JSON>` lines, a comment line as heartbeat (docs/contract.md §3.3). */
const eventStream = {
  description: 'The caller’s event stream',
  content: { 'text/event-stream': { schema: z.string() } },
};

declare module 'fastify' {
  interface FastifyInstance {
    events: EventHub;
  }
}

const frame = (type: EventType, data: unknown) => `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;

export type EventRoutesOptions = {
  database: Pick<Database, 'listen' | 'db'>;
  /** Each feature's loader for its events sent by reference (too large for NOTIFY), handed in by app.ts. */
  loaders: Partial<Record<EventType, EventLoader>>;
};

/** GET /api/events (docs/contract.md §3.3): the caller's server-sent event stream. */
export async function eventRoutes(app: FastifyInstance, options: EventRoutesOptions) {
  const hub = await createEventHub(options.database, app.log, options.loaders);
  const open = new Set<() => void>();
  app.decorate('events', hub);
  // Open streams would keep close() waiting: end them first (browsers reconnect, to another instance
  // behind the balancer), then stop listening. After a gap in LISTEN (the database came back) streams end
  // too, so that each client reconnects and catches up on what it missed (docs/contract.md §3.8).
  const endAll = () => {
    for (const end of open) end();
  };
  app.addHook('preClose', async () => endAll());
  hub.onGap(endAll);
  app.addHook('onClose', () => hub.close());

  app.get('/api/events', { schema: { response: { 200: eventStream } } }, async (request, reply) => {
    const { user } = await ctx(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${EVENT_RETRY_MS}\n: connected\n\n`);
    const unsubscribe = hub.subscribe(user.id, (type, data) => res.write(frame(type, data)));
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), EVENT_HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      // The reconnection delay a browser waits before opening a new stream.
      if (!res.writableEnded) res.end(`retry: ${EVENT_RETRY_MS}\n\n`);
    };
    open.add(end);
    res.on('close', end);
  });
}
