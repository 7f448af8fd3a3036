import { cva, type VariantProps } from 'class-variance-authority';
import { useEffect, useState, type ReactNode } from 'react';

// The notifications' store: toast() raises one, useToasts() reads them. The region that shows them is
// toaster.tsx (it loads Radix's toast code lazily, and that code reads this store).
// Spec §2 'Toast notifications': one at a time, 5 s, 50 px swipe, removal 1,000,000 ms after dismissal.
const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-foreground',
        success: 'border-success/30 bg-success-soft text-success-strong',
        destructive: 'border-destructive/30 bg-destructive-soft text-destructive-strong',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export type ToastVariant = NonNullable<VariantProps<typeof toastVariants>['variant']>;
export type ToastInput = { title?: ReactNode; description?: ReactNode; variant?: ToastVariant; action?: ReactNode };
type ToastItem = ToastInput & { id: string; open: boolean };

let items: ToastItem[] = [];
let nextId = 0;
const listeners = new Set<(items: ToastItem[]) => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener(items);
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(items.filter((item) => item.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  for (const item of items) if (!id || item.id === id) scheduleRemoval(item.id);
  emit(items.map((item) => (!id || item.id === id ? { ...item, open: false } : item)));
}

/** Show a notification; a new one replaces the one on screen. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  nextId = (nextId + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(nextId);
  emit([{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

export function useToasts(): ToastItem[] {
  const [state, setState] = useState(items);
  useEffect(() => {
    listeners.add(setState);
    // A toast raised by an effect that ran before this one (a page's first render) is already in `items`.
    setState(items);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return state;
}
