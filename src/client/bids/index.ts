// What other features and the router may use of the bids feature (eslint.config.js lets them import nothing
// else of it). Pages are not here: the router (app.tsx) loads each one lazily by its own path.
export { intelligenceQueryOptions } from './api/get-intelligence.js';
export { jobBidsQueryOptions, useJobBids } from './api/get-job-bids.js';
export { myBidsQueryOptions } from './api/get-my-bids.js';
export { myBidStatsQueryOptions } from './api/get-my-bid-stats.js';
export { declineBidAction } from './api/decline-bid.js';
export { disputeBidAction, myDisputesQueryOptions } from './api/dispute-bid.js';
export { DISPUTE_BID_INTENT } from './components/dispute-form.js';
export { placeBidAction } from './api/place-bid.js';
export { BidForm, PLACE_BID_INTENT } from './components/bid-form.js';
export { IntelligencePanel } from './components/intelligence-panel.js';
export { OwnBidCard } from './components/own-bid-card.js';
export {
  ACCEPT_BID_INTENT,
  type AcceptQuestion,
  DECLINE_BID_INTENT,
  OwnerBidList,
} from './components/owner-bid-list.js';
export { loadProviderMode, ProviderMode } from './components/provider-mode.js';
export { QuickStats } from './components/quick-stats.js';
