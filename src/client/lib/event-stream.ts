import { useSyncExternalStore } from 'react';
import { READ_PRIMARY_AFTER_EVENT_MS, type EventType } from '#shared/events.js';
import { readFromPrimaryFor } from './api.js';

type Handler = (type: EventType, data: unknown) => void;
type Status = 'connecting' | 'open' | 'down';

let status: Status = 'connecting';
const statusListeners = new Set<() => void>();

function setStatus(next: Status) {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}

const RETRY_DELAYS_MS = [1_000, 3_000, 10_000, 30_000];

/**
 * Opens GET /api/events (docs/contract.md §3.3) and hands every event to `onEvent`. EventSource reconnects
 * by itself after a dropped connection; when it gives up (an error status, e.g. a proxy's 502 during
 * a deploy) this opens a new one with back-off. `onReconnect` runs when a stream opens again after
 * being down, so the caller can catch up on what it missed. Returns the close function.
 */
export function connectEventStream(types: readonly EventType[], onEvent: Handler, onReconnect: () => void): () => void {
  let source: EventSource | null = null;
  let wasDown = false;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;

  const open = () => {
    const current = new EventSource('/api/events', { withCredentials: true });
    source = current;
    current.onopen = () => {
      attempt = 0;
      setStatus('open');
      if (wasDown) {
        readFromPrimaryFor(READ_PRIMARY_AFTER_EVENT_MS);
        onReconnect();
      }
      wasDown = false;
    };
    current.onerror = () => {
      wasDown = true;
      setStatus('down');
      if (current.readyState !== EventSource.CLOSED || closed) return;
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)]!;
      attempt += 1;
      retryTimer = setTimeout(open, delay);
    };
    for (const type of types) {
      current.addEventListener(type, (event) => {
        readFromPrimaryFor(READ_PRIMARY_AFTER_EVENT_MS);
        try {
          onEvent(type, JSON.parse((event as MessageEvent<string>).data));
        } catch {
          // A malformed frame is ignored; the next refetch corrects the cache.
        }
      });
    }
  };

  setStatus('connecting');
  open();
  return () => {
    closed = true;
    if (retryTimer) clearTimeout(retryTimer);
    source?.close();
    setStatus('down');
  };
}

/** True while the event stream is open: polling (spec §9 timings) runs only while it is not. */
export function useEventStreamOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status === 'open',
    // A page rendered on the server (and its hydration) starts with the stream not open yet.
    () => false,
  );
}

/** The spec's polling interval, or none while live updates flow. */
export function usePollingFallback(intervalMs: number): number | false {
  return useEventStreamOpen() ? false : intervalMs;
}
