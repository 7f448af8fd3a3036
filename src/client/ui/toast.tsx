import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// Spec §2 'Toast notifications': one at a time, 5 s, 50 px swipe, removal 1,000,000 ms after dismissal.
const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;
const TOAST_SWIPE_THRESHOLD_PX = 50;
const TOAST_REMOVE_DELAY_MS = 1_000_000;

const toastVariants = cva(
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
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return state;
}

/** The global notification region (F8 focuses it, Radix's default hotkey). */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t('common:notification')}
    >
      {toasts.map(({ id, title, description, variant, action, open }) => (
        <ToastPrimitive.Root
          key={id}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismissToast(id);
          }}
          className={toastVariants({ variant })}
        >
          <div className="grid min-w-0 gap-1">
            {title && <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>}
            {description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{description}</ToastPrimitive.Description>
            )}
          </div>
          {action}
          <ToastPrimitive.Close
            aria-label={t('common:close')}
            className="absolute top-3 right-3 rounded-md p-1 opacity-60 transition hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label={t('common:notifications_region')}
        className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:top-auto sm:bottom-0 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
