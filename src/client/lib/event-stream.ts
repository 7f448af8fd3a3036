import { useSyncExternalStore } from 'react';
import type { EventType } from '#shared/events.js';

type Handler = (type: EventType, data: unknown) => void;
type Status = 'connecting' | 'open' | 'down';

let status: Status = 'connecting';
const statusListeners = new Set<() => void>();

function setStatus(next: Status) {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}

/**
 * Opens GET /api/events (DESIGN.md §3.3) and hands every event to `onEvent`. EventSource reconnects
 * by itself; `onReconnect` runs when a stream opens again after being down, so the caller can catch
 * up on what it missed. Returns the close function.
 */
export function connectEventStream(types: readonly EventType[], onEvent: Handler, onReconnect: () => void): () => void {
  const source = new EventSource('/api/events', { withCredentials: true });
  let wasDown = false;
  setStatus('connecting');
  source.onopen = () => {
    setStatus('open');
    if (wasDown) onReconnect();
    wasDown = false;
  };
  source.onerror = () => {
    wasDown = true;
    setStatus('down');
  };
  for (const type of types) {
    source.addEventListener(type, (event) => {
      try {
        onEvent(type, JSON.parse((event as MessageEvent<string>).data));
      } catch {
        // A malformed frame is ignored; the next refetch corrects the cache.
      }
    });
  }
  return () => {
    source.close();
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
  );
}

/** The spec's polling interval, or none while live updates flow. */
export function usePollingFallback(intervalMs: number): number | false {
  return useEventStreamOpen() ? false : intervalMs;
}
