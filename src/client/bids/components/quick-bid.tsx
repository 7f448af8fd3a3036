import { CircleCheck, Gavel, X } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BID_TIER_COSTS, type MyBid } from '#shared/bids.js';
import { isJobFull, type Job } from '#shared/jobs.js';
import { errorMessage } from '#client/lib/errors.js';
import { formatMoney } from '#client/lib/format.js';
import { useLanguage } from '#client/lib/i18n.js';
import { Button } from '#client/ui/button.js';
import { Input } from '#client/ui/input.js';
import { Spinner } from '#client/ui/spinner.js';
import { toast } from '#client/ui/toast.js';
import { usePlaceBid } from '../api/place-bid.js';

const QUICK_BID_COST = BID_TIER_COSTS.regular;

/**
 * The dashboard's quick bid (spec §2, docs/contract.md §4.1): a regular bid of 9 credits that opens and closes
 * and sends one request at a time.
 */
export function QuickBid({ job, credits, existingBid }: { job: Job; credits: number; existingBid?: MyBid }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const placeBid = usePlaceBid(job.id);
  // One request at a time: the flag holds between a click and the re-render that disables the button.
  const inFlight = useRef(false);
  const canAfford = credits >= QUICK_BID_COST;

  // One bid per job (docs/contract.md §4.7): once placed, the card says so instead of offering another.
  if (existingBid) {
    return (
      <Link
        to={`/jobs/${job.id}`}
        data-testid="quick-bid-placed"
        className="inline-flex items-center gap-2 self-start rounded-lg bg-success-soft px-3 py-1.5 text-sm font-medium text-success-strong hover:underline"
      >
        <CircleCheck className="size-4" aria-hidden />
        {t('bids:quick_bid_placed', { amount: formatMoney(existingBid.amount, language) })}
      </Link>
    );
  }

  // A full job takes no more bids (docs/contract.md §3.9): the card's count says so, and nothing is offered.
  if (isJobFull(job)) {
    return (
      <Button size="sm" variant="outline" disabled className="self-start" data-testid="quick-bid-full">
        {t('bids:job_full_title')}
      </Button>
    );
  }

  if (!canAfford) {
    return (
      <div className="flex flex-wrap items-center gap-2" data-testid="quick-bid">
        <Button size="sm" variant="outline" disabled>
          {t('bids:insufficient_credits')}
        </Button>
        <Button size="sm" asChild>
          <Link to="/checkout">{t('bids:buy_credits')}</Link>
        </Button>
      </div>
    );
  }

  if (!open) {
    return (
      <Button size="sm" onClick={() => setOpen(true)} data-testid="quick-bid-open">
        <Gavel aria-hidden />
        {t('bids:quick_bid')}
      </Button>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    if (!amount.trim()) {
      toast({ title: t('bids:toast_error_title'), description: t('bids:enter_amount'), variant: 'destructive' });
      return;
    }
    void submit(amount.trim());
  };

  const submit = async (value: string) => {
    inFlight.current = true;
    try {
      await placeBid.mutateAsync({ amount: value, tier: 'regular' });
      setAmount('');
      setOpen(false);
      toast({
        title: t('bids:toast_success_title'),
        description: t('bids:toast_success_description'),
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: t('bids:toast_error_title'),
        description: errorMessage(error, t, 'bids:submit_failed'),
        variant: 'destructive',
      });
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex w-full flex-wrap items-center gap-2"
      data-testid="quick-bid"
      aria-label={t('bids:quick_bid')}
    >
      <div className="relative min-w-32 flex-1">
        <span
          className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground"
          aria-hidden
        >
          $
        </span>
        <Input
          type="number"
          min="0"
          step="0.01"
          inputMode="decimal"
          aria-label={t('bids:amount_label')}
          placeholder={t('bids:quick_bid_placeholder')}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          className="h-9 pl-6"
          autoFocus
        />
      </div>
      <Button type="submit" size="sm" className="h-9" disabled={placeBid.isPending}>
        {placeBid.isPending && <Spinner className="text-current [&_svg]:size-4" />}
        {t('bids:quick_bid_submit', { count: QUICK_BID_COST })}
      </Button>
      <Button
        size="icon-sm"
        variant="ghost"
        onClick={() => setOpen(false)}
        disabled={placeBid.isPending}
        aria-label={t('bids:cancel')}
      >
        <X aria-hidden />
      </Button>
    </form>
  );
}
