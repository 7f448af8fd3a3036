import { request } from 'node:http';
import type { FastifyInstance } from 'fastify';

// Event data is whatever JSON the server sent; tests read its fields directly.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EventData = any;
export type ServerEvent = { type: string; data: EventData; receivedAt: number };

export type EventStream = {
  status: number;
  contentType: string;
  /** The next event of `type` (already received or still to come) matching `where`. */
  next: (type: string, where?: (data: EventData) => boolean, timeoutMs?: number) => Promise<ServerEvent>;
  comments: () => string[];
  /** Resolves when the server ends the stream, with the retry hint it sent last (ms), if any. */
  ended: Promise<number | null>;
  close: () => void;
};

/** Listens on a free port (once) and returns the app's base URL. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bound = app.server.address();
  if (!bound || typeof bound !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${bound.port}`;
}

/** GET /api/events over real HTTP, parsing `event:`/`data:` frames as they arrive. */
export function openEventStream(baseUrl: string, cookie: string | null): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const events: ServerEvent[] = [];
    const comments: string[] = [];
    const waiters = new Set<() => void>();
    let buffer = '';
    let retry: number | null = null;
    let markEnded!: (retry: number | null) => void;
    const ended = new Promise<number | null>((r) => (markEnded = r));
    const req = request(`${baseUrl}/api/events`, { headers: cookie ? { cookie } : {} }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let type = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
            else if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ type, data: JSON.parse(data.join('\n')), receivedAt: performance.now() });
          for (const wake of waiters) wake();
        }
      });
      res.on('error', () => {});
      res.on('end', () => markEnded(retry));
      res.on('close', () => markEnded(retry));
      resolve({
        ended,
        status: res.statusCode ?? 0,
        contentType: String(res.headers['content-type'] ?? ''),
        comments: () => comments,
        next: (type, where = () => true, timeoutMs = 5000) =>
          new Promise((found, fail) => {
            const check = () => {
              const index = events.findIndex((e) => e.type === type && where(e.data));
              if (index < 0) return false;
              const [event] = events.splice(index, 1);
              waiters.delete(check);
              clearTimeout(timer);
              found(event!);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`no ${type} event within ${timeoutMs} ms`));
            }, timeoutMs);
            if (!check()) waiters.add(check);
          }),
        close: () => req.destroy(),
      });
    });
    req.on('error', (error) => {
      if (!req.destroyed) reject(error);
    });
    req.end();
  });
}
