import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CreditTransaction } from '#shared/credits.js';
import { cn } from '#client/lib/cn.js';
import { formatDate } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Button } from '#client/ui/button.js';
import { Card, CardContent, CardHeader, CardTitle } from '#client/ui/card.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { useTransactions } from '../api/get-transactions.js';
import { useTransactionDescription } from './transaction-description.js';

// Spec §9 'Lists': the dashboard sidebar shows the last 3 credit transactions.
const RECENT_TRANSACTIONS = 3;

/** A provider's balance, latest ledger rows and the way to buy more (spec §2 'Sidebar'). */
export function CreditSidebar({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const { data, isPending } = useTransactions();
  const recent = data?.slice(0, RECENT_TRANSACTIONS) ?? [];

  return (
    <Card data-testid="credit-sidebar">
      <CardHeader>
        <CardTitle className="text-base">{t('credits:balance_title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="flex items-center gap-2">
          <Coins className="size-6 text-accent" aria-hidden />
          <span className="text-3xl font-extrabold tabular-nums" data-testid="credit-balance">
            {credits}
          </span>
          <span className="text-sm text-muted-foreground">{t('credits:credits_unit', { count: credits })}</span>
        </p>
        <div className="grid gap-2">
          <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {t('credits:recent_transactions')}
          </h4>
          {isPending && <Skeleton className="h-16" />}
          {!isPending && recent.length === 0 && (
            <p className="text-sm text-muted-foreground">{t('credits:no_transactions')}</p>
          )}
          <ul className="grid gap-2">
            {recent.map((tx) => (
              <TransactionRow key={tx.id} transaction={tx} />
            ))}
          </ul>
        </div>
        <Button asChild className="w-full">
          <Link to="/buy-credits">{t('credits:buy_credits')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function TransactionRow({ transaction }: { transaction: CreditTransaction }) {
  const { language } = useLanguage();
  const describe = useTransactionDescription();
  const positive = transaction.amount > 0;
  return (
    <li className="flex items-start justify-between gap-3 text-sm" data-testid="credit-transaction">
      <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-0.5">
        <span className="truncate">{describe(transaction)}</span>
        <span className="text-xs text-muted-foreground" suppressHydrationWarning>
          {formatDate(transaction.createdAt, language)}
        </span>
      </div>
      <span className={cn('shrink-0 font-semibold tabular-nums', positive ? 'text-success' : 'text-destructive')}>
        {positive ? `+${transaction.amount}` : `−${Math.abs(transaction.amount)}`}
      </span>
    </li>
  );
}
