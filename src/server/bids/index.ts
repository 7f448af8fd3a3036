// What the bids room offers the rest of the server: its routes, and to the projects room's hiring rules the
// statements on a job's bids, each in the caller's transaction.
export { bidRoutes } from './routes.js';
export { acceptBidRows, rejectPendingBids, selectJobBid, selectRefundedBidIds } from './queries.js';
export { refundUnviewedBids } from './make-good.js';
