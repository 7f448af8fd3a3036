import { lazy, Suspense, useState } from 'react';
import { useToasts } from './toast.js';

// Radix's toast code loads with the first notification, not with every page; the first tap or key press
// (what most notifications answer) fetches it ahead, so that notification does not wait for the network.
const loadToastRegion = () => import('./toast-region.js');

/** Resolves once the notification region's code is here (or could not be fetched): a toast raised now shows at
 * once. A caller that leaves the page soon after a toast (the login redirect) waits for it first. */
export const toastRegionReady = (): Promise<void> =>
  loadToastRegion().then(
    () => undefined,
    () => undefined,
  );
const ToastRegion = lazy(async () => ({ default: (await loadToastRegion()).ToastRegion }));
if (typeof window !== 'undefined') {
  const warm = () => {
    void loadToastRegion();
    window.removeEventListener('pointerdown', warm, true);
    window.removeEventListener('keydown', warm, true);
  };
  window.addEventListener('pointerdown', warm, true);
  window.addEventListener('keydown', warm, true);
}

/** The global notification region (F8 focuses it, Radix's default hotkey), mounted from the first toast on. */
export function Toaster() {
  const toasts = useToasts();
  const [needed, setNeeded] = useState(false);
  if (toasts.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
