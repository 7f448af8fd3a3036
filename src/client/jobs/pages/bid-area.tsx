import { CircleSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CHEAPEST_BID_COST } from '#shared/bids.js';
import { isJobFull, type Job } from '#shared/jobs.js';
import { useUser } from '#client/auth/index.js';
import { InsufficientCreditsCard } from '#client/credits/index.js';
import { MessageButton } from '#client/messages/index.js';
import { OwnerJobCard, ProjectDialogButton } from '#client/projects/index.js';
import { BecomeProviderCard } from '#client/providers/index.js';
import { Card, CardContent } from '#client/ui/card.js';
import { Skeleton } from '#client/ui/skeleton.js';
import { useJobBids, BidForm, IntelligencePanel, OwnBidCard, OwnerBidList } from '#client/bids/index.js';

/**
 * Everything about bids on the job page (spec §2 'Job detail', §6): the owner's list, a bidder's own bid
 * and intelligence, the bid form for an eligible provider, or the card that fits anyone else.
 */
export function BidArea({ job }: { job: Job }) {
  const { user } = useUser();
  if (!user) return null;
  if (job.customerId === user.id) {
    return (
      <div className="grid gap-6">
        <OwnerJobCard job={job} />
        <OwnerBidList job={job} />
      </div>
    );
  }
  if (user.role !== 'provider') return <CustomerHint />;
  return <ProviderBidArea job={job} credits={user.credits} />;
}

function ProviderBidArea({ job, credits }: { job: Job; credits: number }) {
  const { t } = useTranslation('providers');
  const { data: bids, isPending } = useJobBids(job.id);
  if (isPending) return <Skeleton className="h-72 rounded-2xl" />;
  const own = bids?.[0];
  if (own) {
    return (
      <div className="grid gap-6">
        <OwnBidCard bid={own} />
        <MessageButton
          jobId={job.id}
          jobTitle={job.title}
          receiverId={job.customerId}
          receiverName={t('projects:customer')}
          label={t('messages:message_customer')}
        />
        {own.status === 'accepted' && <ProjectDialogButton jobId={job.id} />}
        {own.tier !== 'regular' && <IntelligencePanel jobId={job.id} />}
      </div>
    );
  }
  if (job.status !== 'open') {
    return (
      <Card>
        <CardContent className="flex items-center gap-3 text-sm text-muted-foreground">
          <CircleSlash className="size-5 shrink-0" aria-hidden />
          {t('bids:job_closed')}
        </CardContent>
      </Card>
    );
  }
  // A full job says so before anything about credits (docs/contract.md §3.9): the bid form shows it.
  if (credits < CHEAPEST_BID_COST && !isJobFull(job)) return <InsufficientCreditsCard credits={credits} />;
  return <BidForm credits={credits} job={job} />;
}

function CustomerHint() {
  const { t } = useTranslation('providers');
  return <BecomeProviderCard hint={t('providers:bid_hint')} />;
}
