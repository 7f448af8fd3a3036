import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the page is what the server rendered (before scripts run, or without them) and during hydration,
 * true once hydrated (docs/decisions/030): a control that works only with scripts is left out until then,
 * rather than drawn as a live-looking control that drops the click.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
