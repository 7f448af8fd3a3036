import type { FastifyBaseLogger } from 'fastify';
import type { EventType } from '#shared/events.js';
import type { Database, Db } from '#server/db/client.js';
import { EVENTS_CHANNEL, type Notification } from './publish.js';

/** Loads an event's data from its reference, for payloads too large for NOTIFY. */
export type EventLoader = (db: Db, reference: Record<string, string>) => Promise<unknown>;
type Stream = (type: EventType, data: unknown) => void;

/** The recipient `u` at the head of a payload, as JSON.stringify and json_build_object both write it. */
const RECIPIENT = /^\{\s*"u"\s*:\s*"([^"\\]*)"/;

export type EventHub = {
  /** Adds one open stream of `userId`; returns its removal. */
  subscribe: (userId: string, stream: Stream) => () => void;
  /** Open streams on this instance (for readiness figures and tests). */
  size: () => number;
  /** Runs `listener` whenever LISTEN had to reconnect: notifications of the gap are lost (§3.8). */
  onGap: (listener: () => void) => void;
  close: () => Promise<void>;
};

/**
 * One LISTEN per app instance, fanning each notification out to this instance's open streams of its
 * recipient. Nothing here matters once lost: the client refetches on reconnect.
 */
export async function createEventHub(
  database: Pick<Database, 'listen' | 'db'>,
  log: FastifyBaseLogger,
  loaders: Partial<Record<EventType, EventLoader>> = {},
): Promise<EventHub> {
  const streams = new Map<string, Set<Stream>>();

  const deliver = (userId: string, type: EventType, data: unknown) => {
    for (const stream of streams.get(userId) ?? []) stream(type, data);
  };

  const onPayload = (payload: string) => {
    // Most notifications are for users with no open stream here: those are dropped before the JSON is parsed.
    const recipient = RECIPIENT.exec(payload)?.[1];
    if (recipient !== undefined && !streams.has(recipient)) return;
    let note: Notification;
    try {
      note = JSON.parse(payload) as Notification;
    } catch {
      return;
    }
    if (!streams.has(note.u)) return;
    if (!note.r) return deliver(note.u, note.t, note.d);
    const loader = loaders[note.t];
    if (!loader) return;
    loader(database.db, note.r).then(
      (data) => deliver(note.u, note.t, data),
      (error: unknown) => log.warn({ err: error, type: note.t }, 'event reference could not be loaded'),
    );
  };

  const gapListeners = new Set<() => void>();
  const unlisten = await database.listen(EVENTS_CHANNEL, onPayload, () => {
    log.warn('event notifications resumed after a lost database connection');
    for (const listener of gapListeners) listener();
  });
  return {
    subscribe(userId, stream) {
      let own = streams.get(userId);
      if (!own) streams.set(userId, (own = new Set()));
      own.add(stream);
      return () => {
        own.delete(stream);
        if (own.size === 0 && streams.get(userId) === own) streams.delete(userId);
      };
    },
    size: () => [...streams.values()].reduce((sum, set) => sum + set.size, 0),
    onGap: (listener) => void gapListeners.add(listener),
    close: unlisten,
  };
}
