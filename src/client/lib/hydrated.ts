import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the page is what the server rendered (before scripts, or without them), true once hydrated; true
 * from the start in a screen the browser draws itself. A control that only scripts can work reads it, so that
 * until then it is visibly not actionable instead of dropping the click (docs/decisions/030).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
