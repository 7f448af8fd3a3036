import { Shield, Zap } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { BidStatus, BidTier } from '#shared/bids.js';
import { Badge } from '#client/ui/badge.js';

export function TierBadge({ tier }: { tier: BidTier }) {
  const { t } = useTranslation();
  if (tier === 'bust') {
    return (
      <Badge variant="warning" data-tier="bust">
        <Zap aria-hidden />
        {t('bids:tier_bust')}
      </Badge>
    );
  }
  if (tier === 'block') {
    return (
      <Badge variant="info" data-tier="block">
        <Shield aria-hidden />
        {t('bids:tier_block')}
      </Badge>
    );
  }
  return (
    <Badge variant="neutral" data-tier="regular">
      {t('bids:tier_regular')}
    </Badge>
  );
}

export function BidStatusBadge({ status }: { status: BidStatus }) {
  const { t } = useTranslation();
  if (status === 'accepted') return <Badge variant="success">{t('bids:status_accepted')}</Badge>;
  if (status === 'rejected') return <Badge variant="destructive">{t('bids:status_rejected')}</Badge>;
  return <Badge variant="outline">{t('bids:status_pending')}</Badge>;
}
