import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Wallet, X } from 'lucide-react';
import { Button } from '#client/ui/button.js';

// The one low-balance notice (docs/decisions/042-spend-controls.md), from the credits.low_balance event: a banner
// under the top bar that stays until it is dismissed or credits are bought, so no other toast can hide it.

let notice: number | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** The balance a bid left below three Regular bids (the event's), shown until dismissed; null takes it away. */
export function showLowBalance(balance: number | null) {
  notice = balance;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function LowBalanceBanner() {
  const { t } = useTranslation();
  const balance = useSyncExternalStore(
    subscribe,
    () => notice,
    () => null,
  );
  if (balance === null) return null;
  return (
    <div
      className="border-b border-warning/30 bg-warning-soft text-warning-strong"
      role="status"
      data-testid="low-balance-banner"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm sm:px-6 lg:px-8">
        <Wallet aria-hidden className="size-4 shrink-0" />
        <p className="min-w-0 flex-1 break-words">
          <span className="font-semibold">{t('bids:low_balance_title')}</span>{' '}
          {t('bids:low_balance_description', { count: balance })}
        </p>
        <Link
          to="/buy-credits"
          className="font-semibold underline"
          data-testid="low-balance-link"
          onClick={() => showLowBalance(null)}
        >
          {t('bids:low_balance_action')}
        </Link>
        <Button
          type="button"
          size="icon-sm"
          variant="ghost"
          aria-label={t('bids:low_balance_dismiss')}
          onClick={() => showLowBalance(null)}
        >
          <X aria-hidden className="size-4" />
        </Button>
      </div>
    </div>
  );
}
