import type { TFunction } from 'i18next';
import type { BidTier } from '#shared/bids.js';

/** What each tier shows and gives (docs/contract.md §4.6), in the user's language. */
export function tierFeatures(t: TFunction): Record<BidTier, { name: string; summary: string; features: string[] }> {
  return {
    regular: {
      name: t('bids:tier_regular'),
      summary: t('bids:tier_regular_summary'),
      features: [t('bids:tier_regular_feature_blind')],
    },
    block: {
      name: t('bids:tier_block'),
      summary: t('bids:tier_block_summary'),
      features: [
        t('bids:tier_block_feature_count'),
        t('bids:tier_block_feature_activity'),
        t('bids:tier_block_feature_window'),
        t('bids:tier_block_feature_revision'),
      ],
    },
    bust: {
      name: t('bids:tier_bust'),
      summary: t('bids:tier_bust_summary'),
      features: [
        t('bids:tier_bust_feature_block'),
        t('bids:tier_bust_feature_range'),
        t('bids:tier_bust_feature_priority'),
      ],
    },
  };
}
